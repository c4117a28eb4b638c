import json,sys,statistics,collections
w=collections.Counter(); depth=collections.defaultdict(list); nodes=collections.defaultdict(list); reasons=collections.Counter()
for line in open(sys.argv[1]):
    r=json.loads(line)
    if r.get('type')!='game': continue
    res=r['result']; reasons[r['reason']]+=1
    for side in 'XO':
        name=r['engines'][side]
        w[(name, 1.0 if res==f"{side}" or res==side else 0)]+=0
    for i,m in enumerate(r['moves']):
        side='X' if i%2==0 else 'O'
        name=r['engines'][side]
        if m.get('depth') and 14<=i<=40:
            depth[name].append(m['depth']); nodes[name].append(m.get('nodes',0))
    w[r['result']]+=1
print(dict(w)); print(reasons.most_common(5))
for k in depth: print(k,'mean depth plies 14-40',round(statistics.mean(depth[k]),2),'median nodes',statistics.median(nodes[k]))
