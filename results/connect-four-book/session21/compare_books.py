"""Decodes a version-2 and a version-3 Connect Four book and checks they hold the same entries."""
import struct, sys
v2 = open(sys.argv[1], 'rb').read(); v3 = open(sys.argv[2], 'rb').read()
assert v2[4] == 2 and v3[4] == 3 and v2[5] == v3[5]
a = {}
for (e,) in struct.iter_unpack('<Q', v2[8:]):
    key, move, code = e & ((1 << 52) - 1), (e >> 52) & 0xF, e >> 56
    value = ('win' if code == 129 else 'loss' if code == 128 else code - 64)
    a[key] = (value, move)
idx = struct.unpack('<1025I', v3[8:8 + 4100])
body = v3[8 + 4100:]
b = {}
for bucket in range(1024):
    for i in range(idx[bucket], idx[bucket + 1]):
        e = int.from_bytes(body[6 * i:6 * i + 6], 'little')
        key = bucket << 39 | (e & ((1 << 39) - 1))
        move, code = (e >> 39) & 7, e >> 42
        value = ('win' if code == 63 else 'loss' if code == 62 else code - 31)
        b[key] = (value, move)
print(len(a), len(b), 'same' if a == b else 'DIFFERENT')
