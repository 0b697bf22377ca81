import { IoaError } from '../../src/model/errors.js';

/** The IoaError a call throws; any other outcome (success, another error type) fails the test. */
export function thrownIoaError(fn: () => unknown): IoaError {
  try {
    fn();
  } catch (error) {
    if (error instanceof IoaError) return error;
    throw error;
  }
  throw new Error('expected an IoaError, but the call succeeded');
}

/** The IoaError a promise rejects with; any other outcome fails the test. */
export async function rejectedIoaError(promise: Promise<unknown>): Promise<IoaError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IoaError) return error;
    throw error;
  }
  throw new Error('expected an IoaError, but the promise resolved');
}
