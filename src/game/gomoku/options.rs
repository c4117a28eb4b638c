//! Gomoku's engine settings: each option declared once, in [`OPTIONS`].

use crate::game::GameParams;
use crate::options::{self, Choice, OptionDecl};

/// Which static evaluation the search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuEval {
    /// Hand-set worth of the line and cell classes (`cells.rs`), the side to move's
    /// counted 5/4.
    Classic,
    /// Weights fitted on arbor's own 6-ply searches of self-play positions (`learned.rs`,
    /// data/gomoku/README.md).
    Learned,
}

/// Gomoku engine settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GomokuParams {
    /// The static evaluation.
    pub eval: GomokuEval,
    /// Run the threat solver (VCF, then VCT) at the root before the main search.
    pub threat_solver: bool,
    /// Node budget of the VCT part of the root solver.
    pub vct_nodes: u64,
    /// Look for a short VCF at the leaves of the main search.
    pub leaf_vcf: bool,
    /// Add the fitted worth of the leaf's threat mask (`threat_mask.rs`) to the pattern
    /// evaluation.
    pub threat_mask: bool,
    /// At the root, leave out the moves after which the opponent wins by threats.
    pub defence: bool,
    /// At a leaf where the opponent has a four, evaluate after the forced block.
    pub leaf_block: bool,
    /// At a leaf where the opponent has an open three and the side to move no four, give
    /// the tempo bonus to the opponent (the side to move must defend).
    pub initiative: bool,
    /// Late-move pruning and stronger reductions of quiet moves in the main search.
    pub late_pruning: bool,
    /// Reverse futility pruning at nodes where the opponent threatens nothing.
    pub futility: bool,
    /// The reverse futility margin per ply of depth.
    pub futility_step: i32,
    /// With `initiative`, at a leaf where the side to move must stop one open three (at
    /// most two open-four cells of the opponent), the worth taken off each of those cells:
    /// the block comes next, and an open three that stands at the horizon counted about
    /// 550 a cell more than after its block.
    pub three_discount: i32,
    /// Percentage of a timed move shorter than 1 s the root's search for the side to
    /// move's own win (VCF, then VCT) may use before the defence and the main search
    /// (longer moves: at least 45%, where its df-pn stages prove long wins).
    pub attack_share: u32,
    /// A leaf where the side to move has a double-three cell and the opponent can make no
    /// four (no four, open three or five of its own to answer with) is scored as won: the
    /// two open threes cannot both be stopped, and the open four follows.
    pub double_three: bool,
    /// At a leaf reached through the forced block of a four made at the horizon (the
    /// four-maker to move), the classic evaluation's 5/4 tempo goes to the blocker, the
    /// side that a quiet move at the horizon would have left to move.
    pub forced_tempo: bool,
    /// The main search's best moves are checked by the threat solver for a win of the
    /// opponent after them (`Solver::refutes`); a refuted move is left out.
    pub refutations: bool,
    /// The extension of a reply to an open three in the main search, in quarters of a ply
    /// (0: none, 4: the reply costs no depth; `Evaluate::defence_extension`), where the
    /// exhaustive list (the stops and one's own fours) holds at most
    /// `threat_extension_moves` moves.
    pub threat_extension: u32,
    /// The longest list of replies to an open three that `threat_extension` extends.
    pub threat_extension_moves: u32,
    /// Beyond the nominal horizon of a line extended by `threat_extension`, a partial
    /// list's moves searched before only threats (a four or an open three of the side to
    /// move) are kept (`Evaluate::extension_quiet_moves`); 15 (the longest partial list,
    /// `moves::MAX_QUIET`): no limit.
    pub extension_quiet: u32,
    /// Where `extension_quiet` leaves moves out, the static value stands for them (the
    /// side to move may decline the threats, as in a quiescence search).
    pub extension_stand_pat: bool,
    /// With `refutations`: the percentage of a timed move each check of a new best move
    /// of the iterations may take, the first two distinct ones (`RefutationPolicy`); 0:
    /// none.
    pub early_check: u32,
    /// With `refutations`: the percentage of a timed move kept for one check of the move
    /// about to be played, after the iterations (`RefutationPolicy`); 0: none.
    pub final_check: u32,
    /// With `late_pruning`: the reduction of quiet late moves, in percent of the search's
    /// own (`Evaluate::late_moves`).
    pub reduction_percent: u32,
    /// With `late_pruning`: the moves searched before late-move pruning, in percent of
    /// the search's own (below 100 the pruning also reaches deeper nodes).
    pub late_move_percent: u32,
    /// With `late_pruning`: a move that makes a four and nothing more (no open three with
    /// it) counts as quiet, so late-move pruning may leave it out and reduce it.
    pub quiet_fours: bool,
}

impl Choice for GomokuEval {
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("classic", GomokuEval::Classic),
        ("learned", GomokuEval::Learned),
    ];
}

/// Gomoku's options, in the order `options` lists them.
pub const OPTIONS: &[OptionDecl<GomokuParams>] = &[
    // Was classic: the learned weights scored +23 +/- 22 Elo against it in 600 self-play
    // games, and 53/160 against Rapfi to its 20.5/80.
    OptionDecl::combo(
        "GomokuEval",
        "learned",
        |p| &mut p.eval,
        "evaluation: hand-set pattern worths, or pattern weights fitted on arbor's own searches of self-play positions",
    ),
    OptionDecl::check(
        "GomokuThreatSolver",
        true,
        |p| &mut p.threat_solver,
        "prove wins by continuous fours (VCF) and threes (VCT) before searching",
    ),
    OptionDecl::check(
        "GomokuThreatMask",
        false,
        |p| &mut p.threat_mask,
        "add to the classic evaluation a worth fitted on arbor's searches for each combination of both sides' threats (four, open three, double three; four-three, open four); the learned evaluation has its own",
    ),
    // Off: it halved the nodes per second and won nothing in a 40-game match.
    OptionDecl::check(
        "GomokuLeafVcf",
        false,
        |p| &mut p.leaf_vcf,
        "at the leaves of the main search, look for a short VCF (a few fours) of the side to move",
    ),
    OptionDecl::check(
        "GomokuDefence",
        true,
        |p| &mut p.defence,
        "at the root, leave out the moves after which the opponent wins by fours and threes",
    ),
    OptionDecl::check(
        "GomokuLeafBlock",
        true,
        |p| &mut p.leaf_block,
        "at a leaf where the opponent has a four, evaluate the position after the forced block",
    ),
    OptionDecl::check(
        "GomokuInitiative",
        true,
        |p| &mut p.initiative,
        "at a leaf where the opponent has an open three and the side to move no four, the opponent gets the tempo bonus",
    ),
    // On with the threat extension (and GomokuFutility): alone, each measured no gain
    // against Rapfi; together they did.
    OptionDecl::check(
        "GomokuLatePruning",
        true,
        |p| &mut p.late_pruning,
        "at shallow nodes leave out late quiet moves (no open three or four made, no double threat stopped), and reduce late quiet moves more",
    ),
    OptionDecl::check(
        "GomokuFutility",
        true,
        |p| &mut p.futility,
        "at nodes up to 8 plies above the horizon where the opponent threatens nothing, a static value above beta by GomokuFutilityStep a ply fails high unsearched",
    ),
    OptionDecl::spin(
        "GomokuFutilityStep",
        150,
        0,
        5_000,
        |p| &mut p.futility_step,
        "the reverse futility margin per ply of depth",
    ),
    OptionDecl::spin(
        "GomokuThreeDiscount",
        550,
        0,
        5_000,
        |p| &mut p.three_discount,
        "with GomokuInitiative, at a leaf where the side to move must stop one open three, the worth taken off each of the opponent's open-four cells",
    ),
    // Was 45: wins found after 15% of the move were almost all in positions the main
    // search already scored as won.
    OptionDecl::spin(
        "GomokuAttackShare",
        15,
        0,
        100,
        |p| &mut p.attack_share,
        "percentage of a timed move under 1 s the root's search for the side to move's own win by threats may use (longer moves: at least 45)",
    ),
    OptionDecl::check(
        "GomokuDoubleThree",
        true,
        |p| &mut p.double_three,
        "a leaf where the side to move can make two open threes and the opponent can make no four is scored as won",
    ),
    OptionDecl::check(
        "GomokuForcedTempo",
        true,
        |p| &mut p.forced_tempo,
        "at a leaf after the forced block of a four made at the horizon, the tempo bonus goes to the blocker, not to the four's maker",
    ),
    OptionDecl::check(
        "GomokuRefutations",
        true,
        |p| &mut p.refutations,
        "the threat solver checks the main search's best moves for a win of the opponent after them and leaves refuted moves out",
    ),
    // Was 15 with no final check: the checks of the first iterations' best moves missed
    // the move played; a final check of that move avoids a few more moves into a long mate.
    OptionDecl::spin(
        "GomokuEarlyCheck",
        0,
        0,
        60,
        |p| &mut p.early_check,
        "with GomokuRefutations, the percentage of a timed move each check of the first two distinct best moves of the iterations may take (0: no such checks)",
    ),
    OptionDecl::spin(
        "GomokuFinalCheck",
        30,
        0,
        60,
        |p| &mut p.final_check,
        "with GomokuRefutations, the percentage of a timed move kept to check the move about to be played after the iterations (0: no final check)",
    ),
    OptionDecl::spin(
        "GomokuVctNodes",
        2_000_000,
        0,
        100_000_000,
        |p| &mut p.vct_nodes,
        "node budget of the VCT proof search at the root (timed moves: also 30% of the time)",
    ),
    // Was 4: half a ply a reply scored +50 +/- 28 Elo against it in self-play, and the same
    // against Rapfi.
    OptionDecl::spin(
        "GomokuThreatExtension",
        2,
        0,
        4,
        |p| &mut p.threat_extension,
        "in the main search, the reply to an open three (at most GomokuThreatExtensionMoves stops and own fours) costs this many quarters of a ply less (4: no depth), up to the root's depth in plies a line",
    ),
    OptionDecl::spin(
        "GomokuThreatExtensionMoves",
        6,
        2,
        64,
        |p| &mut p.threat_extension_moves,
        "the longest list of replies to an open three that GomokuThreatExtension extends",
    ),
    OptionDecl::spin(
        "GomokuExtensionQuiet",
        15,
        0,
        15,
        |p| &mut p.extension_quiet,
        "beyond the nominal horizon of a line extended by GomokuThreatExtension, a partial move list keeps only fours and open threes after its first this many moves (15: no limit)",
    ),
    OptionDecl::check(
        "GomokuExtensionStandPat",
        false,
        |p| &mut p.extension_stand_pat,
        "where GomokuExtensionQuiet leaves moves out, the static value stands for them",
    ),
    // Half the search's quiet reductions: +55 +/- 36 Elo against 100 in self-play (with
    // GomokuThreatExtension 2), 38.5/120 against Rapfi to 42.5/160.
    OptionDecl::spin(
        "GomokuReductionPercent",
        50,
        25,
        400,
        |p| &mut p.reduction_percent,
        "with GomokuLatePruning, the reduction of quiet late moves in percent of the search's own",
    ),
    OptionDecl::spin(
        "GomokuLateMovePercent",
        100,
        10,
        100,
        |p| &mut p.late_move_percent,
        "with GomokuLatePruning, the moves searched before late-move pruning in percent of the search's own (below 100 it also prunes at depths 6 to 8)",
    ),
    OptionDecl::check(
        "GomokuQuietFours",
        false,
        |p| &mut p.quiet_fours,
        "with GomokuLatePruning, a move that makes a four and no open three counts as quiet (late-move pruning and reductions)",
    ),
];

impl Default for GomokuParams {
    /// Every option at its declared default.
    fn default() -> Self {
        // Placeholders only: every field is set from its option's declared default.
        let unset = GomokuParams {
            eval: GomokuEval::Classic,
            threat_solver: false,
            vct_nodes: 0,
            leaf_vcf: false,
            threat_mask: false,
            defence: false,
            leaf_block: false,
            initiative: false,
            late_pruning: false,
            futility: false,
            futility_step: 0,
            three_discount: 0,
            attack_share: 0,
            double_three: false,
            forced_tempo: false,
            refutations: false,
            threat_extension: 0,
            threat_extension_moves: 0,
            extension_quiet: 0,
            extension_stand_pat: false,
            early_check: 0,
            final_check: 0,
            reduction_percent: 0,
            late_move_percent: 0,
            quiet_fours: false,
        };
        options::with_defaults(unset, OPTIONS)
    }
}

impl GameParams for GomokuParams {
    const OPTIONS: &'static [OptionDecl<Self>] = OPTIONS;
}

impl GomokuParams {
    /// The defaults without the threat extension and the late-move pruning and futility
    /// that came with it, with the classic evaluation: tests whose expected moves and
    /// depths were measured with that search shape keep it.
    #[cfg(test)]
    pub(crate) fn unextended() -> Self {
        GomokuParams {
            eval: GomokuEval::Classic,
            late_pruning: false,
            futility: false,
            threat_extension: 0,
            ..GomokuParams::default()
        }
    }
}
