#!/usr/bin/env python3
"""Save a CSV file the way a spreadsheet does: what test/exchange/spreadsheet.test.ts reads back.

Reads FILE with Python's csv module and writes it over itself (or to --out) with
- every row padded with empty cells to the width of the widest row plus PAD (spreadsheets pad
  every row, the header and any `#` metadata line included, to a rectangle),
- CRLF line ends and a UTF-8 byte-order mark (what Excel's "CSV UTF-8" writes),
- cells re-quoted: --quote all quotes every cell, --quote minimal only those that need it.

Usage: spreadsheet-save.py FILE [--out OUT] [--pad N] [--quote all|minimal]
"""
import argparse
import csv
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument('file')
    parser.add_argument('--out')
    parser.add_argument('--pad', type=int, default=3)
    parser.add_argument('--quote', choices=['all', 'minimal'], default='all')
    args = parser.parse_args()
    with open(args.file, newline='', encoding='utf-8-sig') as f:
        rows = list(csv.reader(f))
    width = max((len(r) for r in rows), default=0) + args.pad
    quoting = csv.QUOTE_ALL if args.quote == 'all' else csv.QUOTE_MINIMAL
    with open(args.out or args.file, 'w', newline='', encoding='utf-8-sig') as f:
        writer = csv.writer(f, quoting=quoting, lineterminator='\r\n')
        for row in rows:
            writer.writerow(row + [''] * (width - len(row)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
