/**
 * Carrier bindings (draft Sections 12.2, 12.6, 7.1): the A2A Agent Card extension entry and
 * activation, envelope carriage in A2A messages (1.0 wire form, 0.3 read and written), NLIP
 * structured submessages, and disclosure of compatibility results in replies. Every unwrap ends
 * in the envelope validator (6.4).
 */
export * from './common.js';
export * from './a2a-card.js';
export * from './a2a-message.js';
export * from './nlip.js';
export * from './disclosure.js';
