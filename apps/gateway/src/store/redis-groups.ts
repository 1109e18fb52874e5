/**
 * Lua for grouped entries in Redis (`StateStore.putInGroup`), each call one atomic step.
 * KEYS[1] is the namespace (`groups:`, so ioredis adds the store's key prefix); under it:
 * `g:<group>:order` (ZSET of ids by insertion sequence), `g:<group>:sizes` (HASH id -> bytes),
 * `g:<group>:bytes`, `g:<group>:item:<id>` (the value, with a TTL), `total` (bytes of every
 * group), `expiry` (ZSET of `<group>\n<id>` by expiry time, swept on every put) and `sequence`.
 * Group names reach Lua URI-encoded, so they hold neither `:` nor a newline.
 */
const REMOVE = `
local base = KEYS[1]
local function remove(group, id)
  local g = base .. 'g:' .. group .. ':'
  local bytes = redis.call('HGET', g .. 'sizes', id)
  if not bytes then return false end
  redis.call('HDEL', g .. 'sizes', id)
  redis.call('ZREM', g .. 'order', id)
  redis.call('ZREM', base .. 'expiry', group .. '\\n' .. id)
  redis.call('DEL', g .. 'item:' .. id)
  redis.call('DECRBY', base .. 'total', bytes)
  if redis.call('ZCARD', g .. 'order') == 0 then redis.call('DEL', g .. 'bytes') else redis.call('DECRBY', g .. 'bytes', bytes) end
  return true
end
local function sweep(now)
  local expired = redis.call('ZRANGEBYSCORE', base .. 'expiry', '-inf', now, 'LIMIT', 0, 200)
  for _, member in ipairs(expired) do
    local at = string.find(member, '\\n', 1, true)
    remove(string.sub(member, 1, at - 1), string.sub(member, at + 1))
  end
end
local function number(key) return tonumber(redis.call('GET', key) or '0') end
`;

/** ARGV: group, id, value, ttlMs, now, maxEntriesPerGroup, maxBytesPerGroup, maxTotalBytes. Returns {1, bytes, evicted…} or {0, bytes, reason}. */
export const PUT_IN_GROUP = `${REMOVE}
local group, id, value = ARGV[1], ARGV[2], ARGV[3]
local ttl, now = tonumber(ARGV[4]), tonumber(ARGV[5])
local maxEntries, maxBytes, maxTotal = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
local size = string.len(value)
local g = base .. 'g:' .. group .. ':'
sweep(now)
if size > maxBytes then return {0, size, 'entry-too-large'} end
remove(group, id)
if number(base .. 'total') - number(g .. 'bytes') + size > maxTotal then return {0, size, 'store-full'} end
local result = {1, size}
while redis.call('ZCARD', g .. 'order') >= maxEntries or number(g .. 'bytes') + size > maxBytes or number(base .. 'total') + size > maxTotal do
  local oldest = redis.call('ZRANGE', g .. 'order', 0, 0)[1]
  if not oldest then break end
  remove(group, oldest)
  table.insert(result, oldest)
end
redis.call('ZADD', g .. 'order', redis.call('INCR', base .. 'sequence'), id)
redis.call('HSET', g .. 'sizes', id, size)
redis.call('INCRBY', g .. 'bytes', size)
redis.call('INCRBY', base .. 'total', size)
redis.call('ZADD', base .. 'expiry', now + ttl, group .. '\\n' .. id)
redis.call('SET', g .. 'item:' .. id, value, 'PX', ttl)
return result`;

/** ARGV: group, id. Returns 1 when the entry existed. */
export const DELETE_IN_GROUP = `${REMOVE}
return remove(ARGV[1], ARGV[2]) and 1 or 0`;

/** ARGV: group, now. Returns {group bytes, total bytes} after sweeping expired entries. */
export const GROUP_USAGE = `${REMOVE}
sweep(tonumber(ARGV[2]))
return {number(base .. 'g:' .. ARGV[1] .. ':bytes'), number(base .. 'total')}`;

/** The namespace key passed as KEYS[1]. */
export const GROUPS_NAMESPACE = 'groups:';

/** A group name as it appears inside Redis keys. */
export function encodedGroup(group: string): string {
  return encodeURIComponent(group);
}

/** The key of one stored value, relative to the store's prefix. */
export function groupItemKey(group: string, id: string): string {
  return `${GROUPS_NAMESPACE}g:${encodedGroup(group)}:item:${id}`;
}
