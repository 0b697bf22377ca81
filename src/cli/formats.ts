/**
 * The exchange format of a command's output, from its option and its `--out` file name. One rule
 * for `propose --format` and `convert --to`: the file's extension names the format when the
 * option is absent, and an option that contradicts the extension is a usage error — never SSSOM
 * TSV quietly written into `x.csv`.
 */
import { EXCHANGE_FORMATS, formatFromExtension, isExchangeFormat, type ExchangeFormat } from '../exchange/index.js';
import { IoaError } from '../model/errors.js';

/** An exchange format named on the command line (`--format`, `--to`, `--from`). */
export function parseExchangeFormat(value: string, option: string): ExchangeFormat {
  if (!isExchangeFormat(value)) throw new IoaError('E_USAGE', `${option} must be one of ${EXCHANGE_FORMATS.join(', ')}, not "${value}"`, { path: option });
  return value;
}

/**
 * The output format: the option's, else the one `out`'s extension names (as input files are
 * read: `.tsv` SSSOM, `.csv`, `.json`, `.rdf`/`.xml`/`.owl` Alignment), else `fallback`; without a
 * fallback, a usage error.
 */
export function outputFormat(option: string, value: string | undefined, out: string | undefined, fallback: ExchangeFormat | undefined): ExchangeFormat {
  const explicit = value === undefined ? undefined : parseExchangeFormat(value, option);
  const implied = out === undefined || out === '-' ? undefined : formatFromExtension(out);
  if (explicit !== undefined && implied !== undefined && explicit !== implied) {
    throw new IoaError('E_USAGE', `${option} ${explicit} contradicts --out ${out}, whose extension means ${implied}: drop ${option} or name the file for ${explicit}`, { path: option });
  }
  const format = explicit ?? implied ?? fallback;
  // No default (convert): the format must be named, by the option or by --out's extension.
  if (format === undefined) {
    throw new IoaError('E_USAGE', out === undefined || out === '-'
      ? `missing required option ${option} (or an --out file whose extension names the format: .tsv, .csv, .json, .rdf)`
      : `${option} is needed: --out ${out} has no extension that names a format (.tsv, .csv, .json, .rdf)`, { path: option });
  }
  return format;
}
