/**
 * Carrier bindings (draft 12.2, 12.6, 7.1): the A2A Agent Card extension entry and its
 * activation, envelopes in A2A messages (1.0 wire form; 0.3 read and written) and in NLIP
 * structured submessages, and disclosure of compatibility results in replies. Every unwrap ends
 * in the envelope validator (6.4): a carrier never repairs or guesses.
 *
 * @packageDocumentation
 */
export { DEFAULT_EXTENSION_URI, ENVELOPE_MEDIA_TYPE, RESULT_MEDIA_TYPE, type CarrierInfo, type UnwrapResult, type JsonObject } from '../carriers/common.js';
export * from '../carriers/a2a-card.js';
export {
  wrapA2A, unwrapA2A, a2aReply, readA2AReply, type A2AWire, type A2AWrapOptions, type A2AUnwrapOptions, type A2AReplyOptions,
} from '../carriers/a2a-message.js';
export {
  wrapNlip, unwrapNlip, nlipReply, readNlipReply, ENVELOPE_LABEL_PREFIX, RESULT_LABEL_PREFIX, type NlipWrapOptions, type NlipUnwrapOptions,
} from '../carriers/nlip.js';
export * from '../carriers/disclosure.js';
export { IoaError, isIoaError, ERROR_CODES, type ErrorCode, type ErrorLocation } from '../model/errors.js';
