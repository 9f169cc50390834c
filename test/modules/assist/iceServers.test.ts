/** ASSIST_ICE_SERVERS: the STUN/TURN servers of live-assist calls. */
import { parseIceServers } from '../../../src/modules/assist/iceServers';

describe('ASSIST_ICE_SERVERS', () => {
  it('is none when unset, and keeps the servers, user names and credentials it is given', () => {
    expect(parseIceServers(undefined)).toEqual([]);
    expect(parseIceServers(' ')).toEqual([]);
    expect(
      parseIceServers(
        '[{"urls":"stun:stun.example.org:3478"},{"urls":["turn:turn.example.org","turns:turn.example.org"],"username":"kk","credential":"s3"}]',
      ),
    ).toEqual([
      { urls: 'stun:stun.example.org:3478' },
      { urls: ['turn:turn.example.org', 'turns:turn.example.org'], username: 'kk', credential: 's3' },
    ]);
  });

  it('stops the start with its reason when it is not a list of ICE servers', () => {
    expect(() => parseIceServers('stun:stun.example.org')).toThrow('must be JSON');
    expect(() => parseIceServers('{"urls":"stun:x"}')).toThrow('a JSON list');
    expect(() => parseIceServers('[{"urls":"https://example.org"}]')).toThrow('ASSIST_ICE_SERVERS[0].urls');
  });
});
