"""How many of the keep benchmark's lost positions a book answers (a stored move or a child
the book knows lost/drawn). Usage: book_cover.py BOOK JUDGE_FILE"""
import struct, sys
H = 7
def parse(book):
    data = open(book, 'rb').read()
    assert data[:4] == b'C4BK' and data[4] == 2
    deepest = data[5]
    entries = {}
    for (e,) in struct.iter_unpack('<Q', data[8:]):
        entries[e & ((1 << 52) - 1)] = ((e >> 52) & 0xF, e >> 56)
    return deepest, entries
def position(moves):
    cur, mask = 0, 0
    for m in moves:
        c = ord(m) - ord('a')
        cur ^= mask
        mask |= mask + (1 << (c * H))
    return cur, mask, len(moves)
def mirror(b):
    return sum(((b >> (c * H)) & 0x7F) << ((6 - c) * H) for c in range(7))
def probe(entries, cur, mask):
    k, mk = cur + mask, mirror(cur) + mirror(mask)
    return entries.get(min(k, mk)), mk < k
deepest, entries = parse(sys.argv[1])
lost = answered = 0
for line in open(sys.argv[2]):
    f = line.split()
    if 'LOST' not in f[f.index('player'):f.index('player') + 5]:
        continue
    ply, moves = int(f[0]), f[1]
    lost += 1
    cur, mask, n = position(moves)
    e, _ = probe(entries, cur, mask) if n <= deepest else (None, False)
    how = None
    if e and e[0]:
        how = 'stored move'
    elif n < deepest:
        for c in range(7):
            if mask >> (c * H + 5) & 1:
                continue
            ch = position(moves + chr(97 + c))
            ce, _ = probe(entries, *ch[:2])
            if ce and (ce[1] == 128 or (ce[1] < 128 and ce[1] <= 64)):
                how = 'child'
                break
    answered += how is not None
    print(ply, moves, 'value', e and e[1], how)
print(f'{answered} of {lost} lost positions answered by the book')
