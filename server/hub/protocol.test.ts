import { describe, expect, it } from 'vitest';
import {
  closeFrame, completionFrame, handshakeResponse, invocationFrame, parseHandshake, parseMessage, PING_FRAME, ProtocolError,
  RECORD_SEPARATOR as RS, RecordReader,
} from './protocol';

describe('record framing', () => {
  it('splits records on 0x1E and keeps a partial record for the next message', () => {
    const reader = new RecordReader(1024);
    expect(reader.push(`{"type":6}${RS}{"type":1,`)).toEqual(['{"type":6}']);
    expect(reader.push(`"target":"A","arguments":[]}${RS}`)).toEqual(['{"type":1,"target":"A","arguments":[]}']);
    expect(reader.push('')).toEqual([]);
  });

  it('refuses a record, complete or not, beyond the size bound (counted in UTF-8 bytes)', () => {
    expect(() => new RecordReader(100).push('x'.repeat(101))).toThrow(ProtocolError);
    expect(() => new RecordReader(100).push(`${'x'.repeat(101)}${RS}`)).toThrow(/limit of 100 bytes/);
    // 40 CJK characters are 120 bytes.
    expect(() => new RecordReader(100).push(`${'告'.repeat(40)}${RS}`)).toThrow(ProtocolError);
    expect(new RecordReader(100).push(`${'告'.repeat(30)}${RS}`)).toHaveLength(1);
  });
});

describe('reading client messages', () => {
  it('reads the handshake', () => {
    expect(parseHandshake('{"protocol":"json","version":1}')).toEqual({ protocol: 'json', version: 1 });
    expect(() => parseHandshake('{"protocol":"json"}')).toThrow(ProtocolError);
    expect(() => parseHandshake('not json')).toThrow('Message is not valid JSON.');
  });

  it('reads invocations with and without an id, ping, cancel and close', () => {
    expect(parseMessage('{"type":1,"invocationId":"7","target":"Subscribe","arguments":["alarms"],"headers":{"a":"b"}}'))
      .toEqual({ type: 1, invocationId: '7', target: 'Subscribe', arguments: ['alarms'], streamIds: undefined });
    expect(parseMessage('{"type":1,"target":"Subscribe","arguments":[]}')).toMatchObject({ type: 1, invocationId: undefined });
    expect(parseMessage('{"type":4,"invocationId":"1","target":"S","arguments":[]}')).toMatchObject({ type: 4 });
    expect(parseMessage('{"type":5,"invocationId":"1"}')).toEqual({ type: 5, invocationId: '1' });
    expect(parseMessage('{"type":6}')).toEqual({ type: 6 });
    expect(parseMessage('{"type":7,"error":"bye","allowReconnect":true}')).toEqual({ type: 7, error: 'bye', allowReconnect: true });
  });

  it.each([
    ['[1,2]', /JSON object/],
    ['null', /JSON object/],
    ['{"type":3,"invocationId":"1","result":1}', /Unexpected message type: 3/],
    ['{"type":8,"sequenceId":1}', /Unexpected message type: 8/],
    ['{"type":"1","target":"A","arguments":[]}', /Unexpected message type/],
    ['{"type":1,"arguments":[]}', /target must be a string/],
    ['{"type":1,"target":"A"}', /arguments must be an array/],
    ['{"type":1,"target":"A","arguments":[],"invocationId":5}', /invocationId must be a string/],
    [`{"type":1,"target":"${'a'.repeat(129)}","arguments":[]}`, /target must be a string of 1 to 128/],
    ['{"type":4,"target":"A","arguments":[]}', /invocationId/],
    ['{"type":', /not valid JSON/],
  ])('refuses %s', (record, message) => {
    expect(() => parseMessage(record)).toThrow(message);
  });
});

describe('writing server messages', () => {
  it('terminates every frame with the record separator', () => {
    expect(handshakeResponse()).toBe(`{}${RS}`);
    expect(handshakeResponse("Requested protocol 'x' is not available.")).toBe(`{"error":"Requested protocol 'x' is not available."}${RS}`);
    expect(PING_FRAME).toBe(`{"type":6}${RS}`);
    expect(invocationFrame('Notify', ['{"type":"logout"}'])).toBe(`{"type":1,"target":"Notify","arguments":["{\\"type\\":\\"logout\\"}"]}${RS}`);
  });

  it('writes completions with a result, without one, or with an error', () => {
    expect(JSON.parse(completionFrame('1', { result: ['a'] }).slice(0, -1))).toEqual({ type: 3, invocationId: '1', result: ['a'] });
    expect(JSON.parse(completionFrame('2', {}).slice(0, -1))).toEqual({ type: 3, invocationId: '2' });
    expect(JSON.parse(completionFrame('3', { result: false }).slice(0, -1))).toEqual({ type: 3, invocationId: '3', result: false });
    expect(JSON.parse(completionFrame('4', { error: 'no' }).slice(0, -1))).toEqual({ type: 3, invocationId: '4', error: 'no' });
  });

  it('writes close with an error and allowReconnect only when given', () => {
    expect(closeFrame()).toBe(`{"type":7}${RS}`);
    expect(JSON.parse(closeFrame('down', true).slice(0, -1))).toEqual({ type: 7, error: 'down', allowReconnect: true });
    expect(JSON.parse(closeFrame('bad').slice(0, -1))).toEqual({ type: 7, error: 'bad' });
  });
});
