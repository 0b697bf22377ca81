/**
 * Writes the ONNX graphs of a word-vector model: `input_ids → Gather(embedding table)` gives
 * `last_hidden_state` [batch, seq, dims], which transformers.js's feature-extraction pipeline then
 * mean-pools over the attention mask and normalises. The quantised graph stores the table as
 * int8 with one float scale per row (row-wise symmetric quantisation) and dequantises after the
 * lookup, so only the looked-up rows are ever converted.
 */
import onnxProto from 'onnx-proto';
import type { onnx as OnnxTypes } from 'onnx-proto';

const { onnx } = onnxProto;

const OPSET = 13;
const IR_VERSION = 8;

function dim(name: string): OnnxTypes.TensorShapeProto.IDimension {
  return { dimParam: name };
}

function valueInfo(name: string, elemType: number, dims: OnnxTypes.TensorShapeProto.IDimension[]): OnnxTypes.IValueInfoProto {
  return { name, type: { tensorType: { elemType, shape: { dim: dims } } } };
}

function tensor(name: string, dataType: number, dims: number[], raw: Uint8Array): OnnxTypes.ITensorProto {
  return { name, dataType, dims, rawData: raw };
}

function bytesOf(array: Float32Array | Int8Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

function model(graph: OnnxTypes.IGraphProto, docString: string): Uint8Array {
  return onnx.ModelProto.encode({
    irVersion: IR_VERSION,
    producerName: 'ioa-align',
    docString,
    opsetImport: [{ domain: '', version: OPSET }],
    graph,
  }).finish();
}

const INPUT = valueInfo('input_ids', onnx.TensorProto.DataType.INT64, [dim('batch_size'), dim('sequence_length')]);
const outputInfo = (dims: number): OnnxTypes.IValueInfoProto =>
  valueInfo('last_hidden_state', onnx.TensorProto.DataType.FLOAT, [dim('batch_size'), dim('sequence_length'), { dimValue: dims }]);

/** Full-precision graph: one Gather over a float32 table of `rows × dims`. */
export function embeddingLookupModel(table: Float32Array, rows: number, dims: number, docString: string): Uint8Array {
  return model({
    name: 'word_vector_lookup',
    node: [{ opType: 'Gather', input: ['embeddings', 'input_ids'], output: ['last_hidden_state'], name: 'lookup', attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }] }],
    initializer: [tensor('embeddings', onnx.TensorProto.DataType.FLOAT, [rows, dims], bytesOf(table))],
    input: [INPUT],
    output: [outputInfo(dims)],
  }, docString);
}

/** Row-wise symmetric int8 quantisation: `row ≈ q * scale`, `scale = max|row| / 127`. */
export function quantizeRows(table: Float32Array, rows: number, dims: number): { q: Int8Array; scales: Float32Array } {
  const q = new Int8Array(rows * dims);
  const scales = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    let max = 0;
    for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(table[r * dims + d]!));
    const scale = max > 0 ? max / 127 : 1;
    scales[r] = max > 0 ? scale : 0;
    for (let d = 0; d < dims; d++) q[r * dims + d] = Math.round(table[r * dims + d]! / scale);
  }
  return { q, scales };
}

/** Quantised graph: Gather int8 rows and their scales, Cast, Mul. */
export function quantizedLookupModel(table: Float32Array, rows: number, dims: number, docString: string): Uint8Array {
  const { q, scales } = quantizeRows(table, rows, dims);
  const { DataType } = onnx.TensorProto;
  const axis0 = [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }];
  return model({
    name: 'word_vector_lookup_rowwise_int8',
    node: [
      { opType: 'Gather', input: ['embeddings_q', 'input_ids'], output: ['rows_q'], name: 'lookup_q', attribute: axis0 },
      { opType: 'Cast', input: ['rows_q'], output: ['rows_f'], name: 'dequant_cast', attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: DataType.FLOAT }] },
      { opType: 'Gather', input: ['embeddings_scale', 'input_ids'], output: ['rows_scale'], name: 'lookup_scale', attribute: axis0 },
      { opType: 'Mul', input: ['rows_f', 'rows_scale'], output: ['last_hidden_state'], name: 'dequant_mul' },
    ],
    initializer: [
      tensor('embeddings_q', DataType.INT8, [rows, dims], bytesOf(q)),
      tensor('embeddings_scale', DataType.FLOAT, [rows, 1], bytesOf(scales)),
    ],
    input: [INPUT],
    output: [outputInfo(dims)],
  }, docString);
}
