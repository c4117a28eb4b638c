//! Formats everything arbor writes to stdout: response framing, `info` and `bestmove`.
//! The only place protocol output is shaped.

use std::fmt::Write as _;

use crate::engine::InfoText;
use crate::protocol::ProtocolError;
use crate::search::ScoreReport;

/// `=[id] body` and the empty line that ends every response.
pub fn success(id: Option<u64>, body: &str) -> String {
    let mut out = String::from("=");
    if let Some(id) = id {
        let _ = write!(out, "{id}");
    }
    if !body.is_empty() {
        out.push(' ');
        out.push_str(body);
    }
    out.push_str("\n\n");
    out
}

/// `?[id] kind detail` and the empty line.
pub fn failure(id: Option<u64>, error: &ProtocolError) -> String {
    let mut out = String::from("?");
    if let Some(id) = id {
        let _ = write!(out, "{id}");
    }
    // Keep the response on one line whatever the detail holds.
    let text = error.to_string().replace(['\n', '\r'], " ");
    let _ = write!(out, " {text}\n\n");
    out
}

/// A score as `cp N`, `win N`, `loss N`, `draw`, `disc N`, `win <=N` or `loss <=N`.
pub fn score(score: ScoreReport) -> String {
    match score {
        ScoreReport::Cp(cp) => format!("cp {cp}"),
        ScoreReport::Win(plies) => format!("win {plies}"),
        ScoreReport::Loss(plies) => format!("loss {plies}"),
        ScoreReport::Draw => "draw".to_string(),
        ScoreReport::Disc(margin) => format!("disc {margin}"),
        ScoreReport::WinWithin(plies) => format!("win <={plies}"),
        ScoreReport::LossWithin(plies) => format!("loss <={plies}"),
    }
}

/// One `info` line (with its newline).
pub fn info(info: &InfoText) -> String {
    let micros = info.elapsed.as_micros().max(1);
    let nps = (u128::from(info.nodes) * 1_000_000 / micros) as u64;
    let multipv = match info.multipv {
        0 => String::new(),
        k => format!(" multipv {k}"),
    };
    let mut out = format!(
        "info depth {} seldepth {}{multipv} score {} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth,
        score(info.score),
        info.nodes,
        nps,
        info.elapsed.as_millis(),
        info.hashfull
    );
    if !info.pv.is_empty() {
        out.push_str(" pv ");
        out.push_str(&info.pv.join(" "));
    }
    out.push('\n');
    out
}

/// The `bestmove` line (with its newline).
pub fn bestmove(best_move: &str) -> String {
    format!("bestmove {best_move}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::ErrorKind;
    use std::time::Duration;

    #[test]
    fn framing() {
        assert_eq!(success(None, ""), "=\n\n");
        assert_eq!(success(Some(3), "readyok"), "=3 readyok\n\n");
        let error = ProtocolError::new(ErrorKind::IllegalMove, "z9: not a square\nreally");
        assert_eq!(
            failure(Some(4), &error),
            "?4 illegal-move z9: not a square really\n\n"
        );
    }

    #[test]
    fn info_lines() {
        let mut text = InfoText {
            depth: 3,
            seldepth: 5,
            score: ScoreReport::Win(3),
            nodes: 2000,
            elapsed: Duration::from_millis(2),
            hashfull: 7,
            multipv: 0,
            pv: vec!["b2".into(), "a1".into()],
        };
        assert_eq!(info(&text), "info depth 3 seldepth 5 score win 3 nodes 2000 nps 1000000 time 2 hashfull 7 pv b2 a1\n");
        text.multipv = 2;
        assert_eq!(info(&text), "info depth 3 seldepth 5 multipv 2 score win 3 nodes 2000 nps 1000000 time 2 hashfull 7 pv b2 a1\n");
        assert_eq!(score(ScoreReport::Disc(-4)), "disc -4");
        assert_eq!(score(ScoreReport::Draw), "draw");
        assert_eq!(score(ScoreReport::WinWithin(37)), "win <=37");
        assert_eq!(score(ScoreReport::LossWithin(8)), "loss <=8");
    }
}
