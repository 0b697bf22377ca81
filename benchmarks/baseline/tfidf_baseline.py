#!/usr/bin/env python3
"""A plain matching baseline: character-trigram TF-IDF, cosine, top 10 targets per source class.

  python3 benchmarks/baseline/tfidf_baseline.py SOURCE TARGET [--top-k 10] [--out FILE]

Reads RDF/XML (.owl, .rdf) with the standard library's XML parser and Turtle (.ttl) written one
statement per line (the corpora here) with a regular expression; uses rdfs:label, skos:altLabel
and oboInOwl exact synonyms of every owl:Class, or the local name when a class has none. Each
name becomes a row of a sparse TF-IDF matrix (lower-cased, padded with one space, trigrams,
smoothed idf, L2 norm); a class scores a target class by its best pair of names. Source rows are
scored in blocks (a sparse product, then the block's scores as one dense array) so memory holds
one block of scores, not n x m. Writes TSV (subject_id, object_id, score), best first per
subject. Dependencies: Python 3, numpy and scipy.
"""
import argparse
import re
import sys
import xml.etree.ElementTree as ET

import numpy as np
import scipy.sparse as sp

RDF = '{http://www.w3.org/1999/02/22-rdf-syntax-ns#}'
RDFS = '{http://www.w3.org/2000/01/rdf-schema#}'
OWL = '{http://www.w3.org/2002/07/owl#}'
NAME_TAGS = {RDFS + 'label', '{http://www.w3.org/2004/02/skos/core#}altLabel',
             '{http://www.geneontology.org/formats/oboInOwl#}hasExactSynonym'}


def local_name(iri):
    return re.split(r'[#/]', iri)[-1]


def read_rdfxml(path):
    classes = {}
    base = None
    for event, element in ET.iterparse(path, events=('start', 'end')):
        if event == 'start' and base is None:
            base = element.get('{http://www.w3.org/XML/1998/namespace}base', '')
        if event != 'end' or element.tag != OWL + 'Class':
            continue
        iri = element.get(RDF + 'about')
        if iri is None:
            continue
        if iri.startswith('#'):
            iri = base + iri
        names = [child.text.strip() for child in element if child.tag in NAME_TAGS and child.text and child.text.strip()]
        classes.setdefault(iri, []).extend(names)
        element.clear()
    return classes


STATEMENT = re.compile(r'^<([^>]+)> a owl:Class')
NAME = re.compile(r'^\s+(?:rdfs:label|skos:altLabel|oboInOwl:hasExactSynonym) "((?:[^"\\]|\\.)*)"')


def read_turtle(path):
    classes = {}
    current = None
    with open(path, encoding='utf-8') as f:
        for line in f:
            m = STATEMENT.match(line)
            if m:
                current = classes.setdefault(m.group(1), [])
                continue
            m = NAME.match(line)
            if m and current is not None:
                current.append(m.group(1).encode('utf-8').decode('unicode_escape').encode('latin-1').decode('utf-8'))
            elif not line.strip():
                current = None
    return classes


def read(path):
    classes = read_turtle(path) if path.endswith('.ttl') else read_rdfxml(path)
    rows, owners = [], []
    ids = list(classes)
    for i, iri in enumerate(ids):
        names = list(dict.fromkeys(n.lower() for n in classes[iri])) or [local_name(iri).replace('_', ' ').lower()]
        for n in names:
            rows.append(n)
            owners.append(i)
    return ids, rows, np.array(owners, dtype=np.int64)


def trigrams(text):
    padded = f' {text} '
    return [padded[i:i + 3] for i in range(len(padded) - 2)]


def tfidf(source_rows, target_rows, features=trigrams, dtype=np.float32):
    """Sparse (CSR) TF-IDF rows of both sides over one vocabulary of `features(text)` (character
    trigrams here; description_tfidf.py passes words): term counts, smoothed idf over the rows of
    both sides, L2-normalised. Sparse because a name holds a few dozen of the tens of thousands of
    trigrams: a dense (names x vocabulary) layout spends its time and memory on zeros."""
    vocabulary = {}
    def encode(rows):
        cols, owners = [], []
        for r, text in enumerate(rows):
            for g in features(text):
                cols.append(vocabulary.setdefault(g, len(vocabulary)))
                owners.append(r)
        return np.array(owners, dtype=np.int64), np.array(cols, dtype=np.int64)
    s_rows, s_cols = encode(source_rows)
    t_rows, t_cols = encode(target_rows)
    v = len(vocabulary)
    def counts(n, rows, cols):
        # coo -> csr sums the repeated (row, feature) entries: the term counts.
        return sp.coo_matrix((np.ones(len(rows), dtype=dtype), (rows, cols)), shape=(n, v)).tocsr()
    s = counts(len(source_rows), s_rows, s_cols)
    t = counts(len(target_rows), t_rows, t_cols)
    df = np.bincount(s.indices, minlength=v) + np.bincount(t.indices, minlength=v)
    idf = (np.log((1 + len(source_rows) + len(target_rows)) / (1 + df)) + 1).astype(dtype)
    for m in (s, t):
        m.data *= idf[m.indices]
        norms = np.sqrt(np.asarray(m.multiply(m).sum(axis=1)).ravel())
        m.data /= np.repeat(np.maximum(norms, 1e-12), np.diff(m.indptr)).astype(dtype)
    return s, t


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('source')
    p.add_argument('target')
    p.add_argument('--top-k', type=int, default=10)
    p.add_argument('--block', type=int, default=1024)
    p.add_argument('--out')
    a = p.parse_args()
    s_ids, s_rows, s_owner = read(a.source)
    t_ids, t_rows, t_owner = read(a.target)
    s, t = tfidf(s_rows, t_rows)
    k = min(a.top_k, len(t_ids))
    out = open(a.out, 'w', encoding='utf-8') if a.out else sys.stdout
    out.write('subject_id\tobject_id\tsimilarity_score\n')
    # Target names grouped by class (columns), source names by class (rows), so the best pair
    # of names per class pair is a segmented maximum (reduceat), not a scatter.
    t_order = np.argsort(t_owner, kind='stable')
    tt = t[t_order].T.tocsr()
    t_starts = np.searchsorted(t_owner[t_order], np.arange(len(t_ids)))
    one_name_per_target = len(t_rows) == len(t_ids)
    order = np.argsort(s_owner, kind='stable')
    starts = np.searchsorted(s_owner[order], np.arange(len(s_ids) + 1))
    c = 0
    while c < len(s_ids):
        c_end = int(np.searchsorted(starts, starts[c] + a.block, side='right')) - 1
        c_end = max(c_end, c + 1)
        rows = order[starts[c]:starts[c_end]]
        name_scores = (s[rows] @ tt).toarray()  # names in block x target names (grouped by class)
        by_target = name_scores if one_name_per_target else np.maximum.reduceat(name_scores, t_starts, axis=1)
        local_starts = starts[c:c_end] - starts[c]
        by_class = by_target if len(rows) == c_end - c else np.maximum.reduceat(by_target, local_starts, axis=0)
        top = np.argpartition(-by_class, k - 1, axis=1)[:, :k]
        for i in range(c_end - c):
            best = top[i][np.argsort(-by_class[i, top[i]], kind='stable')]
            for j in best:
                score = by_class[i, j]
                if score > 0:
                    out.write(f'{s_ids[c + i]}\t{t_ids[j]}\t{score:.4f}\n')
        c = c_end
    if out is not sys.stdout:
        out.close()


if __name__ == '__main__':
    main()
