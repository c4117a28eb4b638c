//! Fitting the learned evaluation stage by stage, from the end of the game backwards.
//!
//! Stage 0 (1-4 empties) upwards: positions of the stage without an exact label are
//! labelled by a `depth`-ply search whose leaves lie in the stages already fitted
//! (bootstrapping), then the stage's weights are the ridge-regression fit of the labels
//! (preconditioned conjugate gradient on the normal equations; configurations that are
//! mirror images share a weight). Every tenth position (by hash) is held out to measure
//! the error. Deterministic: same data and settings give the same weights.

use std::time::Instant;

use crate::othello_train::data::{Sample, UNLABELED};
use arbor::game::othello::bitboard::legal_moves;
use arbor::game::othello::learned::{
    scalars, stage_of, LearnedWeights, SCALARS, STAGES, STAGE_LEN, STAGE_WIDTH,
};
use arbor::game::othello::pattern::{canonical_indices, indices, INSTANCES, PATTERN_WEIGHTS};
use arbor::rng::mix64;

/// Settings of a fit.
#[derive(Clone, Copy, Debug)]
pub struct FitConfig {
    /// Depth of the labelling searches (at least [`STAGE_WIDTH`] keeps their leaves in
    /// fitted stages).
    pub depth: u32,
    /// Ridge penalty, in units of one position's squared error.
    pub lambda: f64,
    /// Conjugate-gradient iterations per stage.
    pub iterations: u32,
    /// Stages fitted (the first ones; the rest stay zero): a quick look at the error.
    pub stages: usize,
    /// Whether the neighbouring stages' positions join each stage's fit.
    pub neighbours: bool,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            depth: STAGE_WIDTH,
            lambda: 5.0,
            iterations: 60,
            stages: STAGES,
            neighbours: true,
        }
    }
}

/// What the fit of one stage did.
#[derive(Clone, Copy, Debug, Default)]
pub struct StageReport {
    pub stage: usize,
    pub exact: usize,
    pub searched: usize,
    pub held_out: usize,
    /// Root-mean-square error in discs on the fitted and the held-out positions.
    pub train_rmse: f64,
    pub held_out_rmse: f64,
    pub seconds: f64,
}

fn held_out(sample: &Sample) -> bool {
    mix64(sample.player ^ sample.opponent.rotate_left(17)).is_multiple_of(10)
}

/// Fits every stage from `samples`; `report` hears about each stage as it is done.
pub fn fit(
    samples: &[Sample],
    config: &FitConfig,
    mut report: impl FnMut(&StageReport),
) -> (LearnedWeights, Vec<StageReport>) {
    let mut weights = LearnedWeights::zero();
    let mut reports = Vec::new();
    let mut by_stage: Vec<Vec<Sample>> = vec![Vec::new(); STAGES];
    for s in samples {
        let empties = s.empties();
        if empties > 0 && legal_moves(s.player, s.opponent) | legal_moves(s.opponent, s.player) != 0
        {
            by_stage[stage_of(empties)].push(*s);
        }
    }
    let mut previous = vec![0f64; STAGE_LEN];
    let mut previous_labelled: Vec<(Sample, f64)> = Vec::new();
    for (stage, stage_samples) in by_stage.iter().enumerate().take(config.stages) {
        let clock = Instant::now();
        let mut r = StageReport {
            stage,
            ..StageReport::default()
        };
        let mut rows = Rows::default();
        let mut held = Rows::default();
        let mut labelled = Vec::with_capacity(stage_samples.len());
        for s in stage_samples {
            let label = if s.label == UNLABELED {
                r.searched += 1;
                f64::from(label_by_search(
                    &weights,
                    s.player,
                    s.opponent,
                    config.depth,
                )) / 100.0
            } else {
                r.exact += 1;
                f64::from(s.label)
            };
            if held_out(s) {
                held.push(s, label);
            } else {
                rows.push(s, label);
                labelled.push((*s, label));
            }
        }
        if config.neighbours && !rows.labels.is_empty() {
            // Data is scarce: the neighbouring stages' positions (the one below as
            // labelled, the one above where its labels are exact) join the fit.
            for (s, label) in &previous_labelled {
                rows.push(s, *label);
            }
            for s in by_stage.get(stage + 1).into_iter().flatten() {
                if s.label != UNLABELED && !held_out(s) {
                    rows.push(s, f64::from(s.label));
                }
            }
        }
        previous_labelled = labelled;
        r.held_out = held.labels.len();
        // A stage without data keeps the previous stage's weights.
        let w = if rows.labels.is_empty() {
            previous.clone()
        } else {
            solve(&rows, config, &previous)
        };
        r.train_rmse = rows.rmse(&w);
        r.held_out_rmse = held.rmse(&w);
        let canonical = canonical_indices();
        let target = &mut weights.weights[stage * STAGE_LEN..(stage + 1) * STAGE_LEN];
        for (i, slot) in target.iter_mut().enumerate() {
            let source = if i < PATTERN_WEIGHTS {
                canonical[i] as usize
            } else {
                i
            };
            *slot = (w[source] * 100.0).round().clamp(-32000.0, 32000.0) as i16;
        }
        previous = w;
        r.seconds = clock.elapsed().as_secs_f64();
        report(&r);
        reports.push(r);
    }
    (weights, reports)
}

/// The regression rows of a stage: canonical pattern indices, scalar terms and labels.
#[derive(Default)]
struct Rows {
    patterns: Vec<u32>,
    scalars: Vec<[f64; SCALARS]>,
    labels: Vec<f64>,
}

impl Rows {
    fn push(&mut self, s: &Sample, label: f64) {
        let canonical = canonical_indices();
        for index in indices(s.player, s.opponent) {
            self.patterns.push(canonical[index as usize]);
        }
        let moves = legal_moves(s.player, s.opponent);
        self.scalars
            .push(scalars(s.player, s.opponent, moves).map(f64::from));
        self.labels.push(label);
    }

    /// `A w`: the predictions.
    fn predict(&self, w: &[f64], out: &mut [f64]) {
        for (i, slot) in out.iter_mut().enumerate() {
            let patterns = &self.patterns[i * INSTANCES..(i + 1) * INSTANCES];
            let mut sum: f64 = patterns.iter().map(|&k| w[k as usize]).sum();
            for (m, x) in self.scalars[i].iter().enumerate() {
                sum += x * w[PATTERN_WEIGHTS + m];
            }
            *slot = sum;
        }
    }

    /// `out = A^T u`.
    fn gather(&self, u: &[f64], out: &mut [f64]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        for (i, &ui) in u.iter().enumerate() {
            for &k in &self.patterns[i * INSTANCES..(i + 1) * INSTANCES] {
                out[k as usize] += ui;
            }
            for (m, x) in self.scalars[i].iter().enumerate() {
                out[PATTERN_WEIGHTS + m] += x * ui;
            }
        }
    }

    fn rmse(&self, w: &[f64]) -> f64 {
        if self.labels.is_empty() {
            return 0.0;
        }
        let mut pred = vec![0.0; self.labels.len()];
        self.predict(w, &mut pred);
        let sum: f64 = pred
            .iter()
            .zip(&self.labels)
            .map(|(p, y)| (p - y) * (p - y))
            .sum();
        (sum / self.labels.len() as f64).sqrt()
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Ridge regression `(A^T A + lambda I) w = A^T y` by conjugate gradient with a Jacobi
/// preconditioner, started from `start` (the previous stage's weights).
fn solve(rows: &Rows, config: &FitConfig, start: &[f64]) -> Vec<f64> {
    let n = STAGE_LEN;
    let lambda = config.lambda;
    let mut diagonal = vec![lambda; n];
    for &k in &rows.patterns {
        diagonal[k as usize] += 1.0;
    }
    for s in &rows.scalars {
        for (m, x) in s.iter().enumerate() {
            diagonal[PATTERN_WEIGHTS + m] += x * x;
        }
    }
    let mut w = start.to_vec();
    let m = rows.labels.len();
    let mut pred = vec![0.0; m];
    let apply = |v: &[f64], out: &mut Vec<f64>, pred: &mut Vec<f64>| {
        rows.predict(v, pred);
        rows.gather(pred, out);
        for (o, x) in out.iter_mut().zip(v) {
            *o += lambda * x;
        }
    };
    // r = A^T y - K w
    let mut r = vec![0.0; n];
    rows.gather(&rows.labels, &mut r);
    let mut kw = vec![0.0; n];
    apply(&w, &mut kw, &mut pred);
    for (ri, k) in r.iter_mut().zip(&kw) {
        *ri -= k;
    }
    let mut z: Vec<f64> = r.iter().zip(&diagonal).map(|(x, d)| x / d).collect();
    let mut p = z.clone();
    let mut rz = dot(&r, &z);
    let mut q = vec![0.0; n];
    for _ in 0..config.iterations {
        if rz <= 1e-12 {
            break;
        }
        apply(&p, &mut q, &mut pred);
        let pq = dot(&p, &q);
        if pq <= 0.0 {
            break;
        }
        let alpha = rz / pq;
        for i in 0..n {
            w[i] += alpha * p[i];
            r[i] -= alpha * q[i];
        }
        for i in 0..n {
            z[i] = r[i] / diagonal[i];
        }
        let rz_next = dot(&r, &z);
        let beta = rz_next / rz;
        rz = rz_next;
        for i in 0..n {
            p[i] = z[i] + beta * p[i];
        }
    }
    w
}

/// The labelling search: [`LearnedWeights::search`].
pub fn label_by_search(weights: &LearnedWeights, player: u64, opponent: u64, depth: u32) -> i32 {
    weights.search(player, opponent, depth, -30_000, 30_000)
}
