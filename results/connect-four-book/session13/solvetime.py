import subprocess, sys, time
def run(cmd, moves):
    p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    def send(l): p.stdin.write(l+"\n"); p.stdin.flush()
    send("game connect4"); send("setoption name Solve value wdl")
    send("position startpos moves " + " ".join(moves)); send("isready")
    while "readyok" not in p.stdout.readline(): pass
    t=time.perf_counter(); send("go solve"); last=""
    while True:
        l=p.stdout.readline()
        if l.startswith("info") and "score" in l: last=l.split("score")[1].split()[0:2]
        if l.startswith("bestmove"): break
    dt=time.perf_counter()-t; send("quit"); p.wait(); return dt, last, l.strip()
for moves in sys.argv[2:]:
    for cmd in sys.argv[1].split(","):
        dt,last,bm=run(cmd, list(moves))
        print(f"{moves} {cmd.split('/')[-1]:20s} {dt*1000:8.1f} ms {last} {bm}")
