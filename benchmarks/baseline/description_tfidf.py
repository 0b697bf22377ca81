#!/usr/bin/env python3
"""A baseline that reads descriptions: word TF-IDF, cosine, top 10 OASF skills per agent record.

  python3 benchmarks/baseline/description_tfidf.py RECORDS.jsonl OASF_TAXONOMY_DIR [--top-k 10] [--out FILE]

RECORDS.jsonl holds record rows ({"id", "kind", "name", "description", "tags", ...}, as in
corpora/agentworld-dev); a record's text is its name (an MCP server name's part after the "/"),
its description and its tags. OASF_TAXONOMY_DIR is a skills (or domains) folder of an OASF release,
one JSON file per class; a class's text is its caption, its name and its description. Text is
lower-cased and cut into words of two or more letters or digits (scikit-learn's default token
pattern), one document per record and per class; TF-IDF with smoothed idf over both sides
together, L2-normalised, cosine. No stemming, no stop words, no synonyms: the plain peer of a
matcher that reads descriptions. Writes TSV (subject_id, object_id, similarity_score), best first
per subject. Dependencies: Python 3, numpy and scipy.
"""
import argparse
import json
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tfidf_baseline import tfidf  # noqa: E402  (the same TF-IDF, over words instead of trigrams)

WORD = re.compile(r'\b\w\w+\b', re.UNICODE)


def words(text):
    return WORD.findall(text.lower().replace('_', ' '))


def read_records(path):
    ids, docs = [], []
    with open(path, encoding='utf-8') as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            name = r['name']
            if r.get('kind') == 'mcp-server' and '/' in name:
                name = name.split('/', 1)[1]
            ids.append(r['id'])
            docs.append(' '.join([name, r.get('description') or '', *r.get('tags', [])]))
    return ids, docs


def read_oasf(folder):
    classes = {}
    for dirpath, _, files in os.walk(folder):
        for name in files:
            if name.endswith('.json'):
                with open(os.path.join(dirpath, name), encoding='utf-8') as f:
                    c = json.load(f)
                classes[c['name']] = c
    with open(os.path.join(os.path.dirname(folder.rstrip('/')), 'version.json'), encoding='utf-8') as f:
        version = json.load(f)['version']
    part = os.path.basename(folder.rstrip('/'))
    root = 'base_skill' if part == 'skills' else 'base_domain'
    ids, docs = [], []
    for name in sorted(classes):
        if name == root:
            continue
        c = classes[name]
        ids.append(f'https://schema.oasf.outshift.com/{version}/{part}/{name}')
        docs.append(' '.join([c.get('caption', ''), name, c.get('description') or '']))
    return ids, docs


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('records')
    p.add_argument('taxonomy')
    p.add_argument('--top-k', type=int, default=10)
    p.add_argument('--out')
    a = p.parse_args()
    s_ids, s_docs = read_records(a.records)
    t_ids, t_docs = read_oasf(a.taxonomy)
    s, t = tfidf(s_docs, t_docs, features=words, dtype=np.float64)
    scores = (s @ t.T).toarray()
    k = min(a.top_k, len(t_ids))
    out = open(a.out, 'w', encoding='utf-8') if a.out else sys.stdout
    out.write('subject_id\tobject_id\tsimilarity_score\n')
    for i, subject in enumerate(s_ids):
        # Best first; ties by target order, so the output is deterministic.
        order = np.lexsort((np.arange(len(t_ids)), -scores[i]))[:k]
        for j in order:
            if scores[i, j] > 0:
                out.write(f'{subject}\t{t_ids[j]}\t{scores[i, j]:.6f}\n')
    if out is not sys.stdout:
        out.close()


if __name__ == '__main__':
    main()
