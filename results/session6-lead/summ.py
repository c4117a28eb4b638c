import re,collections,statistics,sys
cur=None; d=collections.defaultdict(lambda: collections.defaultdict(list))
for line in open(sys.argv[1]):
    if line.startswith('=='): cur=line.split()[1]
    m=re.search(r"speed-up ([\d.]+), main-thread node ratio ([\d.]+)",line)
    if m and cur: d[cur]['speed'].append(float(m.group(1))); d[cur]['main'].append(float(m.group(2)))
for k,v in d.items(): print(k, 'speed-up median', statistics.median(v['speed']), sorted(v['speed']), 'main ratio median', statistics.median(v['main']))
