/**
 * Lua for cached answers in Redis, each call one atomic step. KEYS[1] is the namespace
 * (`rcache:`, so ioredis adds the store's key prefix); under it: `e:<key>` (the answer, with its
 * TTL), `lru` (ZSET of keys by last use), `sizes` (HASH key -> bytes), `owners` (HASH key ->
 * `<keyId>\n<model>`), `bytes` (the total), `k:<keyId>` and `m:<model>` (SETs of keys, for clears).
 * An answer whose TTL ran out keeps its place in the index until it is read, cleared or evicted,
 * so the byte budget counts it until then: the budget is never exceeded.
 */
const REMOVE = `
local base = KEYS[1]
local function remove(key)
  local size = redis.call('HGET', base .. 'sizes', key)
  if not size then return 0 end
  local owner = redis.call('HGET', base .. 'owners', key)
  redis.call('HDEL', base .. 'sizes', key)
  redis.call('HDEL', base .. 'owners', key)
  redis.call('ZREM', base .. 'lru', key)
  redis.call('DEL', base .. 'e:' .. key)
  redis.call('DECRBY', base .. 'bytes', size)
  if owner then
    local at = string.find(owner, '\\n', 1, true)
    redis.call('SREM', base .. 'k:' .. string.sub(owner, 1, at - 1), key)
    redis.call('SREM', base .. 'm:' .. string.sub(owner, at + 1), key)
  end
  return 1
end
`;

/** ARGV: key, value, ttlMs, maxBytes (the total), keyId, model, now. Returns 1 when kept. */
export const PUT_ANSWER = `${REMOVE}
local key, value, ttl, max = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local size = string.len(value)
if size > max then return 0 end
remove(key)
while tonumber(redis.call('GET', base .. 'bytes') or '0') + size > max do
  local oldest = redis.call('ZRANGE', base .. 'lru', 0, 0)[1]
  if not oldest then break end
  remove(oldest)
end
redis.call('SET', base .. 'e:' .. key, value, 'PX', ttl)
redis.call('HSET', base .. 'sizes', key, size)
redis.call('HSET', base .. 'owners', key, ARGV[5] .. '\\n' .. ARGV[6])
redis.call('ZADD', base .. 'lru', tonumber(ARGV[7]), key)
redis.call('INCRBY', base .. 'bytes', size)
redis.call('SADD', base .. 'k:' .. ARGV[5], key)
redis.call('SADD', base .. 'm:' .. ARGV[6], key)
return 1`;

/** ARGV: key, now. Returns the answer (marked as just used), or nil (an expired one leaves the index). */
export const GET_ANSWER = `${REMOVE}
local value = redis.call('GET', base .. 'e:' .. ARGV[1])
if not value then
  remove(ARGV[1])
  return false
end
redis.call('ZADD', base .. 'lru', tonumber(ARGV[2]), ARGV[1])
return value`;

/** ARGV: keyId or '', model or ''. Returns how many entries were removed. */
export const CLEAR_ANSWERS = `${REMOVE}
local keyId, model = ARGV[1], ARGV[2]
local members
if keyId ~= '' then members = redis.call('SMEMBERS', base .. 'k:' .. keyId)
elseif model ~= '' then members = redis.call('SMEMBERS', base .. 'm:' .. model)
else members = redis.call('ZRANGE', base .. 'lru', 0, -1) end
local removed = 0
for _, key in ipairs(members) do
  if keyId == '' or model == '' or redis.call('HGET', base .. 'owners', key) == keyId .. '\\n' .. model then
    removed = removed + remove(key)
  end
end
return removed`;
