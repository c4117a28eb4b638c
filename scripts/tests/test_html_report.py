"""The match report page (arbor_tools.runner.htmlreport): its numbers against the text report,
its plots, merged records, the live page, and, in a headless Chromium, its boards against the
Python rules (a short real match with --report, and replays of Othello, Connect Four and renju)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from arbor_tools import renju, rules  # noqa: E402
from arbor_tools import sprt as stats  # noqa: E402
from arbor_tools.runner.config import ConfigError  # noqa: E402
from arbor_tools.runner.htmlreport import build_page, follow, read_match  # noqa: E402
from arbor_tools.runner.htmlreport.page import forbidden_points  # noqa: E402
from arbor_tools.runner.report import Standings  # noqa: E402

from scripts.tests.synthetic_match import header, random_game, write_match  # noqa: E402

MATCH = os.path.join(HERE, "..", "match.py")
REPORT = os.path.join(HERE, "..", "report.py")
STUB = os.path.join(HERE, "stub_engine.py")
SPRT = {"elo0": 0.0, "elo1": 5.0, "alpha": 0.05, "beta": 0.05, "model": "normalized"}


def polylines(page: str) -> dict[str, list[str]]:
    """The `points` of every plotted series, by the plot's id."""
    found = {}
    for plot in re.finditer(r'<svg class="chart"[^>]*id="([^"]+)"(.*?)</svg>', page, re.S):
        found[plot.group(1)] = re.findall(r'<polyline class="series[^"]*"[^>]*points="([^"]*)"', plot.group(2))
    return found


def position(record: dict, ply: int) -> rules.Game:
    game = rules.new_game(record["game"], record["variant"])
    for move in (record["opening"] + [m["move"] for m in record["moves"]])[:ply]:
        game.play(move)
    return game


def diagram(game: rules.Game) -> str:
    return "".join("-" if c < 0 else "XO"[c] for c in game.cells)


class Page(unittest.TestCase):
    """The page without a browser: numbers, plots, links, merging, the live page."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.folder = tempfile.TemporaryDirectory()
        cls.records_path = os.path.join(cls.folder.name, "m.jsonl")
        cls.records = write_match(cls.records_path, "connect4", {}, 41, seed=5, sprt=SPRT)
        cls.data = read_match([cls.records_path])
        cls.page = build_page(cls.data)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.folder.cleanup()

    def test_statistics_are_the_text_reports(self):
        # Standings rebuilt here from the raw records, as the runner builds them.
        standings = Standings([])
        for record in self.records:
            standings.add(record)
        t = standings.tally()
        wins = sum(1 for r in self.records if r["points"]["0"] == 1.0)
        losses = sum(1 for r in self.records if r["points"]["0"] == 0.0)
        self.assertEqual((t.wins, t.losses, t.draws), (wins, losses, 41 - wins - losses))
        lines = stats.report(t.wins, t.draws, t.losses, t.ptnml(), stats.Sprt(**SPRT))
        text = re.search(r'<pre id="text-report">(.*?)</pre>', self.page, re.S).group(1)
        self.assertEqual(text, "\n".join(lines))
        shown = dict(re.findall(r'data-stat="([a-z-]+)">([^<]*)<', self.page))
        elo_line = re.match(r"Elo: (\S+) \+/- (\S+), nElo: (\S+) \+/- (\S+)", lines[0]).groups()
        self.assertEqual((shown["elo"], shown["elo-error"], shown["nelo"], shown["nelo-error"]), elo_line)
        self.assertEqual(shown["los"], re.match(r"LOS: (\S+) %", lines[1]).group(1))
        self.assertEqual(shown["wdl"], f"{t.wins} / {t.draws} / {t.losses}")
        self.assertEqual(f"Ptnml(0-2): {shown['ptnml']}", lines[3])
        self.assertEqual(shown["llr"], re.match(r"LLR: (\S+) ", lines[4]).group(1))
        self.assertEqual(sum(t.ptnml()), 20)  # 41 games: 20 complete pairs, one game alone

    def test_plots_have_one_point_per_game(self):
        plots = polylines(self.page)
        self.assertEqual(sorted(plots), ["plot-elo", "plot-llr"])
        for name, series in plots.items():
            self.assertEqual([len(points.split()) for points in series], [41], name)
        self.assertEqual(self.page.count('data-points="41"'), 2)
        # The last LLR point is the text report's LLR.
        self.assertAlmostEqual(self.data.progress[-1].llr,
                               stats.Sprt(**SPRT).llr(self.data.tally().ptnml()), places=12)

    def test_self_contained(self):
        addresses = re.findall(r"https?://[^\s\"'<>)]*", self.page)
        self.assertEqual(set(addresses), {"http://www.w3.org/2000/svg"})  # the SVG namespace name only
        self.assertNotIn("<link", self.page)
        self.assertNotRegex(self.page, r"<(script|img|iframe)[^>]* src=")
        self.assertFalse('http-equiv="refresh"' in self.page)  # a finished match does not reload

    def test_game_links_name_games_on_the_page(self):
        data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>',
                                    self.page, re.S).group(1))
        numbers = {g[0] + 1 for g in data["games"]}
        self.assertEqual(numbers, set(range(1, 42)))
        links = [int(n) for n in re.findall(r'href="#game=(\d+)"', self.page)]
        self.assertTrue(links)
        self.assertLessEqual(set(links), numbers)
        # Embedded moves are the records' moves (Connect Four's letters unseparated).
        for entry, record in zip(data["games"], self.records):
            self.assertEqual(entry[7], "".join(m["move"] for m in record["moves"]))
            self.assertEqual(entry[6], "".join(record["opening"]))

    def test_merged_files_are_one_match(self):
        """A resumed match: the second file repeats a game of the first and adds the rest."""
        first = os.path.join(self.folder.name, "part1.jsonl")
        second = os.path.join(self.folder.name, "part2.jsonl")
        with open(self.records_path, encoding="utf-8") as handle:
            lines = handle.readlines()
        with open(first, "w", encoding="utf-8") as handle:
            handle.writelines(lines[:21])
        with open(second, "w", encoding="utf-8") as handle:
            handle.writelines([lines[0]] + lines[20:])
        merged = read_match([first, second])
        self.assertEqual([r["index"] for r in merged.records], list(range(41)))
        self.assertEqual(merged.tally().ptnml(), self.data.tally().ptnml())
        self.assertEqual(merged.status(live=False), "finished: 41 games")
        # Another match of the same engines is numbered after the first.
        other = os.path.join(self.folder.name, "other.jsonl")
        write_match(other, "connect4", {}, 4, seed=9)
        both = read_match([self.records_path, other])
        self.assertEqual([r["index"] for r in both.records], list(range(45)))
        with self.assertRaises(ConfigError):
            gomoku = os.path.join(self.folder.name, "g.jsonl")
            write_match(gomoku, "gomoku", {"size": "9"}, 2)
            read_match([self.records_path, gomoku])

    def test_torn_last_line_is_skipped_and_kept(self):
        path = os.path.join(self.folder.name, "torn.jsonl")
        with open(self.records_path, encoding="utf-8") as handle:
            text = handle.read()
        torn = text[: len(text) - 40]
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(torn)
        self.assertEqual(len(read_match([path]).records), 40)
        with open(path, encoding="utf-8") as handle:
            self.assertEqual(handle.read(), torn)  # a runner may still be writing it

    def test_command(self):
        out = os.path.join(self.folder.name, "cmd.html")
        done = subprocess.run([sys.executable, REPORT, self.records_path, "-o", out],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("41 games", done.stdout)
        with open(out, encoding="utf-8") as handle:
            self.assertIn('<pre id="text-report">', handle.read())
        missing = subprocess.run([sys.executable, REPORT, self.records_path + ".nope", "-o", out],
                                 capture_output=True, text=True, timeout=60)
        self.assertEqual(missing.returncode, 2)
        self.assertIn("arbor-report: error:", missing.stderr)
        bad = os.path.join(self.folder.name, "bad.jsonl")
        with open(bad, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(header("tictactoe", {}, 2)) + '\n{"type": "game", "index": 0}\n')
        refused = subprocess.run([sys.executable, REPORT, bad, "-o", out], capture_output=True, text=True, timeout=60)
        self.assertEqual(refused.returncode, 2)
        self.assertIn("bad.jsonl:2: not a game record of the runner", refused.stderr)
        helped = subprocess.run([sys.executable, REPORT, "--help"], capture_output=True, text=True, timeout=60)
        self.assertEqual(helped.returncode, 0)
        self.assertIn("RECORDS.jsonl", helped.stdout)

    def test_live_page_reloads_until_the_match_ends(self):
        records = os.path.join(self.folder.name, "live.jsonl")
        report = os.path.join(self.folder.name, "live.html")
        with open(self.records_path, encoding="utf-8") as handle:
            lines = [json.dumps(header("connect4", {}, 4, sprt=SPRT)) + "\n"] + handle.readlines()[1:5]
        with open(records, "w", encoding="utf-8") as handle:
            handle.writelines(lines[:3])

        def read_when(predicate) -> str:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if os.path.exists(report):
                    with open(report, encoding="utf-8") as handle:
                        text = handle.read()
                    if predicate(text):
                        return text
                time.sleep(0.05)
            self.fail("the page was not written")

        with follow(report, records, total=4, every=1, poll_s=0.02):
            running = read_when(lambda text: "running: 2 of 4" in text)
            self.assertTrue('<noscript><meta http-equiv="refresh" content="10"></noscript>' in running)
            self.assertTrue('<body class="live" data-refresh="10">' in running)
            with open(records, "a", encoding="utf-8") as handle:
                handle.writelines(lines[3:])
            read_when(lambda text: "running: 4 of 4" in text)
        with open(report, encoding="utf-8") as handle:
            final = handle.read()
        self.assertFalse('http-equiv="refresh"' in final)
        self.assertTrue('<body class="done">' in final)
        self.assertTrue('id="status">finished: 4 games</span>' in final)

    def test_renju_forbidden_points(self):
        moves = "f8 a1 g8 a3 h6 a5 h7 a7 h8".split()  # Black's h8 would make two open threes
        found = forbidden_points("gomoku", {"size": "15", "rule": "renju"}, moves[:-1])
        self.assertIn([8, rules.parse_square("h8", 15, 15)], found)
        self.assertEqual([f for f in found if f[0] != 8], [])
        self.assertEqual(forbidden_points("gomoku", {"size": "15", "rule": "freestyle"}, moves), [])

    def test_faults_and_restarts_by_kind(self):
        path = os.path.join(self.folder.name, "faults.jsonl")
        with open(self.records_path, encoding="utf-8") as handle:
            lines = [json.loads(line) for line in handle][:7]
        faults = ["new (X): crash (exit status 3)", "base (O): time forfeit (120 ms over)",
                  "new (O): illegal move 'z9' (not a move of this game)", "new (X): crash (exit status 3)"]
        for record, reason in zip(lines[1:], faults):
            side = reason.split("(")[1][0]
            record["engines"][side] = reason.split(" ")[0]
            record["engine_index"][side] = 0 if reason.startswith("new") else 1
            record["engine_index"]["XO"[side == "X"]] = 1 - record["engine_index"][side]
            record["engines"]["XO"[side == "X"]] = ("new", "base")[1 - record["engine_index"][side]]
            loser = record["engine_index"][side]
            record["reason"], record["points"] = reason, {str(loser): 0.0, str(1 - loser): 1.0}
        with open(path, "w", encoding="utf-8") as handle:
            handle.writelines(json.dumps(line) + "\n" for line in lines)
        data = read_match([path])
        self.assertEqual(data.faults, {(0, "crash"): 2, (1, "time forfeit"): 1, (0, "illegal move"): 1})
        self.assertEqual((data.restarts(0), data.restarts(1)), (3, 0))  # no restart after a time loss
        table = re.search(r'<table class="results faults">(.*?)</table>', build_page(data), re.S).group(1)
        self.assertEqual(re.findall(r"<th>([^<]*)</th>", table),
                         ["Engine", "crash", "illegal move", "time forfeit", "Restarts"])
        rows = [re.findall(r"<td>([^<]*)</td>", row) for row in re.findall(r"<tr><td><span.*?</tr>", table)]
        self.assertEqual(rows, [["2", "1", "", "3"], ["", "", "1", "0"]])

    def test_round_robin_crosstable_is_the_text_one(self):
        path = os.path.join(self.folder.name, "rr.jsonl")
        rng = __import__("random").Random(7)
        names = ("a", "b", "c")
        with open(path, "w", encoding="utf-8") as handle:
            first = header("tictactoe", {}, 4)
            first["engines"] = [dict(first["engines"][0], name=n) for n in names]
            first["total"] = 12
            handle.write(json.dumps(first) + "\n")
            index = 0
            for one, two in ((0, 1), (0, 2), (1, 2)):
                for _ in range(2):  # two pairs per pairing
                    pair = index // 2
                    for swap in (0, 1):
                        record = random_game("tictactoe", {}, rng, ["b2"], index, names=(names[one], names[two]))
                        x, o = (one, two) if index % 2 == 0 else (two, one)
                        points = {str(x): {"1-0": 1.0, "0-1": 0.0}.get(record["result"], 0.5)}
                        points[str(o)] = 1.0 - points[str(x)]
                        record.update(pair=pair, engine_index={"X": x, "O": o}, points=points)
                        handle.write(json.dumps(record) + "\n")
                        index += 1
        data = read_match([path])
        page = build_page(data)
        self.assertIn("<h3>Crosstable</h3>", page)
        text = re.search(r'<pre id="text-report">(.*?)</pre>', page, re.S).group(1)
        from arbor_tools.runner.report import crosstable
        self.assertEqual(text, "\n".join(crosstable(data.standings, data.engines)))
        self.assertEqual(len(text.splitlines()), 4)
        self.assertNotIn('id="plot-elo"', page)  # Elo over the games is for two engines
        self.assertEqual(data.status(live=False), "finished: 12 games")

    def test_page_size_grows_linearly_and_small(self):
        """2,000 games of Connect Four (random, so long ones): under 1 MB, a fifth of the
        5 MB a 10,000-game page may take."""
        path = os.path.join(self.folder.name, "big.jsonl")
        write_match(path, "connect4", {}, 2000, seed=3)
        page = build_page(read_match([path]))
        self.assertLess(len(page.encode("utf-8")), 1_000_000)
        self.assertEqual(page.count('data-points="2000"'), 1)


def chromium() -> str | None:
    for name in (os.environ.get("ARBOR_CHROMIUM", ""), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


BROWSER = chromium()


def render(page: str, fragment: str = "", screenshot: str | None = None) -> str:
    """The page's DOM after its script ran (headless Chromium's --dump-dom)."""
    with tempfile.TemporaryDirectory() as profile:
        command = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                   "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}"]
        if screenshot:
            command += ["--hide-scrollbars", f"--screenshot={screenshot}", "--window-size=1200,900"]
        else:
            command += ["--dump-dom"]
        done = subprocess.run(command + [f"file://{os.path.abspath(page)}{fragment}"], capture_output=True,
                              text=True, timeout=120)
    return done.stdout


def board(dom: str) -> tuple[dict[str, str], dict[int, str], list[int]]:
    """The board's attributes, its stones {cell: 'X'|'O'} and its forbidden marks."""
    found = re.search(r"<svg ([^>]*id=\"board\"[^>]*)>(.*?)</svg>", dom, re.S)
    if found is None:
        return {}, {}, []
    attributes = dict(re.findall(r'([a-z-]+)="([^"]*)"', found.group(1)))
    stones = {}
    for tag in re.finditer(r"<(?:g|circle|path)\b([^>]*)>", found.group(2)):
        attrs = dict(re.findall(r'([a-z-]+)="([^"]*)"', tag.group(1)))
        if attrs.get("class", "").startswith("stone"):
            stones[int(attrs["data-cell"])] = "XO"[int(attrs["class"].split()[1][1])]
    forbidden = sorted(int(c) for c in re.findall(r'class="forbidden" data-cell="(\d+)"', found.group(2)))
    return attributes, stones, forbidden


@unittest.skipIf(BROWSER is None, "no Chromium (apt-get install chromium, or set ARBOR_CHROMIUM): "
                                  "the report page's browser tests are skipped")
class Browser(unittest.TestCase):
    """The page in headless Chromium."""

    def setUp(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)

    def test_real_match_with_report(self):
        out = os.path.join(self.folder.name, "games.jsonl")
        page = os.path.join(self.folder.name, "games.html")
        done = subprocess.run(
            [sys.executable, MATCH, "--quiet", "--game", "connect4", "--games", "6", "--concurrency", "1",
             "--depth", "1", "--sprt", "elo0=0", "elo1=10", "--out", out, "--report", page,
             "--engine", f'cmd="{sys.executable}" "{STUB}" --seed 1', "name=one",
             "--engine", f'cmd="{sys.executable}" "{STUB}" --seed 2', "name=two"],
            capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        with open(out, encoding="utf-8") as handle:
            records = [json.loads(line) for line in handle][1:]
        self.assertEqual(len(records), 6)
        record = next(r for r in records if r["index"] == 2)
        dom = render(page, "#game=3&ply=5")
        attributes, stones, _ = board(dom)
        self.assertEqual((attributes["data-game"], attributes["data-ply"]), ("3", "5"))
        expected = position(record, 5)
        self.assertEqual(stones, {i: "XO"[c] for i, c in enumerate(expected.cells) if c >= 0})
        self.assertEqual(len(stones), 5)
        self.assertEqual(attributes["data-cells"], diagram(expected))
        # The plots as the browser has them: one point per game.
        for name, series in polylines(dom).items():
            self.assertEqual([len(points.split()) for points in series], [6], name)
        self.assertIn('data-points="6"', dom)
        # The game list is drawn by the script: six rows.
        self.assertEqual(len(re.findall(r'<a href="#game=\d+">', dom.split('id="game-list"')[1])), 6)
        shot = os.path.join(self.folder.name, "game.png")
        render(page, "#game=3&ply=5", screenshot=shot)
        with open(shot, "rb") as handle:
            self.assertEqual(handle.read(8), b"\x89PNG\r\n\x1a\n")

    def test_fragments(self):
        path = os.path.join(self.folder.name, "t.jsonl")
        records = write_match(path, "tictactoe", {}, 4, seed=2)
        page = os.path.join(self.folder.name, "t.html")
        with open(page, "w", encoding="utf-8") as handle:
            handle.write(build_page(read_match([path])))
        plies = len(records[1]["opening"]) + len(records[1]["moves"])
        cases = [("#game=2", str(plies)), ("#game=2&ply=999", str(plies)), ("#game=2&ply=0", "0"),
                 ("#ply=1&game=2", "1"), ("#game=99", None), ("#game=x&ply=1", None)]
        for fragment, ply in cases:
            with self.subTest(fragment=fragment):
                attributes, stones, _ = board(render(page, fragment))
                if ply is None:
                    self.assertEqual(attributes, {})
                    continue
                self.assertEqual(attributes["data-ply"], ply)
                self.assertEqual(stones, {i: "XO"[c] for i, c in enumerate(position(records[1], int(ply)).cells)
                                          if c >= 0})

    def replay_matches_rules(self, records: list[dict], number: int) -> None:
        path = os.path.join(self.folder.name, "r.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            first = records[0]
            handle.write(json.dumps(header(first["game"], first["variant"], len(records))) + "\n")
            for record in records:
                handle.write(json.dumps(record) + "\n")
        page = os.path.join(self.folder.name, "r.html")
        with open(page, "w", encoding="utf-8") as handle:
            handle.write(build_page(read_match([path])))
        dom = render(page, f"#replay={number}")
        shown = re.search(r'<pre id="replay">(.*?)</pre>', dom, re.S).group(1).split("\n")
        record = records[number - 1]
        total = len(record["opening"]) + len(record["moves"])
        self.assertEqual(shown, [diagram(position(record, ply)) for ply in range(total + 1)])

    def test_othello_replay_with_passes(self):
        rng = __import__("random").Random(4)
        for index in range(400):
            record = random_game("othello", {}, rng, [], index)
            if "pass" in [m["move"] for m in record["moves"]]:
                break
        else:
            self.fail("no random Othello game with a pass")
        record["index"], record["pair"] = 0, 0
        self.replay_matches_rules([record], 1)

    def test_connect4_9x7_replay(self):
        rng = __import__("random").Random(1)
        self.replay_matches_rules([random_game("connect4", {"cols": "9", "rows": "7"}, rng, ["i", "a"], 0)], 1)

    def test_renju_board_and_forbidden_points(self):
        variant = {"size": "15", "rule": "renju"}
        moves = "f8 a1 g8 a3 h6 a5 h7 a7 j9 a9".split()
        record = {"type": "game", "index": 0, "pair": 0, "game": "gomoku", "variant": variant,
                  "engines": {"X": "new", "O": "base"}, "engine_index": {"X": 0, "O": 1}, "opening": [],
                  "moves": [{"move": m, "time_ms": 1.0, "score": "cp 0", "depth": 1, "nodes": 1} for m in moves],
                  "result": "1/2-1/2", "winner": None, "reason": "adjudication: draw", "points": {"0": 0.5, "1": 0.5}}
        self.replay_matches_rules([record], 1)
        page = os.path.join(self.folder.name, "r.html")
        for ply in (8, 9, 10):
            with self.subTest(ply=ply):
                attributes, stones, forbidden = board(render(page, f"#game=1&ply={ply}"))
                game = position(record, ply)
                self.assertEqual(stones, {i: "XO"[c] for i, c in enumerate(game.cells) if c >= 0})
                expected = [] if game.side_to_move != rules.FIRST else [
                    i for i, c in enumerate(game.cells) if c < 0 and renju.forbidden(game.cells, 15, i)]
                self.assertEqual(forbidden, expected)
                self.assertEqual(bool(forbidden), ply in (8, 10))


if __name__ == "__main__":
    unittest.main()
