//! The trainer end to end on a tiny data set.

use arbor::game::othello::learned::{LearnedWeights, STAGES};

use super::data::{read_all, UNLABELED};
use super::fit::{fit, FitConfig};
use super::gen::{generate, GenConfig};

#[test]
fn the_trainer_runs_end_to_end_on_a_tiny_data_set() {
    let config = GenConfig {
        games: 6,
        seed: 42,
        exact_empties: 10,
        ..GenConfig::default()
    };
    let mut bytes = Vec::new();
    let stats = generate(&config, &mut bytes, |_| {}).expect("writes to memory");
    assert_eq!(stats.games, 6);
    let samples = read_all(&mut bytes.as_slice()).expect("reads back");
    assert_eq!(samples.len() as u64, stats.labelled + stats.unlabelled);
    assert!(samples
        .iter()
        .all(|s| (s.label == UNLABELED) == (s.empties() > 10)));
    // Same seed, same data.
    let mut again = Vec::new();
    generate(&config, &mut again, |_| {}).expect("writes to memory");
    assert_eq!(again, bytes);

    let fit_config = FitConfig {
        depth: 2,
        lambda: 1.0,
        iterations: 20,
        stages: STAGES,
        neighbours: true,
    };
    let (weights, reports) = fit(&samples, &fit_config, |_| {});
    assert_eq!(reports.len(), STAGES);
    // The exact stages are fitted better than predicting zero.
    for r in reports.iter().take(2) {
        assert!(r.exact > 0 && r.searched == 0);
        let labels: Vec<f64> = samples
            .iter()
            .filter(|s| s.label != UNLABELED && (s.empties() as usize - 1) / 4 == r.stage)
            .map(|s| f64::from(s.label))
            .collect();
        let zero_rmse = (labels.iter().map(|y| y * y).sum::<f64>() / labels.len() as f64).sqrt();
        assert!(r.train_rmse < zero_rmse, "{r:?} vs {zero_rmse}");
    }
    assert!(reports.iter().any(|r| r.searched > 0));
    let back = LearnedWeights::decode(&weights.encode()).expect("decodes");
    assert_eq!(back, weights);
}

#[test]
fn a_seed_gives_the_same_data_as_ever() {
    // Two games of seed 1 with exact labels from 10 empties: the bytes the trainer has
    // always written for them (99 records), by length and FNV-1a hash.
    let config = GenConfig {
        games: 2,
        seed: 1,
        exact_empties: 10,
        ..GenConfig::default()
    };
    let mut bytes = Vec::new();
    let stats = generate(&config, &mut bytes, |_| {}).expect("writes to memory");
    assert_eq!((stats.labelled, stats.unlabelled), (20, 79));
    assert_eq!(bytes.len(), 1683);
    let fnv = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    assert_eq!(fnv, 0xaa83_b3f8_4470_cfce);
}
