import gzip, re, sys
sys.path.insert(0, '/work/wt-gplay14/scripts')
from gomoku_losses import games_of_sgf, reports_of_messages, first_mate, square
for tag in sys.argv[1:]:
    reports = reports_of_messages(gzip.open(f'{tag}.msg.txt.gz', 'rt').read())
    for g in games_of_sgf(open(f'{tag}.sgf').read()):
        if g['black'] != 'arbor' or not g['result'].startswith('W+'):
            continue
        rep = reports.get(g['number'], {})
        mate = first_mate(rep, 'rapfi')
        if mate is None:
            continue
        prev = rep.get(mate - 2, {}).get('eval', '?')
        try:
            pv = int(prev)
        except ValueError:
            continue
        if pv >= 300:
            continue
        moves = ' '.join(square(c) for c in g['moves'][:mate - 1])
        print(f"{tag}\t{g['number']}\t{mate}\t{prev}\t{rep[mate]['eval']}\t{rep.get(mate-1,{}).get('score','?')}\t{moves}")
