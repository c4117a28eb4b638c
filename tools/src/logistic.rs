//! Logistic regression by Newton's method, shared by the evaluation fitters
//! (`gomoku-train`, `connect4-fallback`): a few dozen features, all positions in memory.

// The small dense linear algebra reads best with indices.
#![allow(clippy::needless_range_loop)]

pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Newton's method for L2-regularised logistic regression (a few dozen features).
/// `lambdas[i]` is the ridge penalty pulling weight `i` towards `prior[i]`.
pub fn logistic<X: AsRef<[f64]>>(
    xs: &[X],
    ys: &[f64],
    lambdas: &[f64],
    prior: &[f64],
    iterations: usize,
) -> Vec<f64> {
    let dim = prior.len();
    let mut w = prior.to_vec();
    for iteration in 0..iterations {
        let mut gradient = vec![0.0; dim];
        let mut hessian = vec![vec![0.0; dim]; dim];
        let mut loss = 0.0;
        for (x, &y) in xs.iter().zip(ys) {
            let x = x.as_ref();
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = sigmoid(z);
            loss -= y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln();
            let g = p - y;
            let h = p * (1.0 - p);
            for i in 0..dim {
                if x[i] == 0.0 {
                    continue;
                }
                gradient[i] += g * x[i];
                for j in 0..dim {
                    hessian[i][j] += h * x[i] * x[j];
                }
            }
        }
        ridge_newton_step(&mut w, gradient, hessian, lambdas, prior);
        eprintln!(
            "iteration {iteration}: mean log loss {:.5}",
            loss / xs.len() as f64
        );
    }
    w
}

/// One Newton step of the ridge-regularised loss: adds the pull of each weight towards
/// its prior to the data's gradient and Hessian, and moves `w` by the solved step.
fn ridge_newton_step(
    w: &mut [f64],
    mut gradient: Vec<f64>,
    mut hessian: Vec<Vec<f64>>,
    lambdas: &[f64],
    prior: &[f64],
) {
    for i in 0..w.len() {
        gradient[i] += lambdas[i] * (w[i] - prior[i]);
        hessian[i][i] += lambdas[i];
    }
    let step = solve(hessian, gradient);
    for (weight, step) in w.iter_mut().zip(step) {
        *weight -= step;
    }
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
pub fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-12 {
            continue;
        }
        for row in col + 1..n {
            let f = a[row][col] / d;
            if f == 0.0 {
                continue;
            }
            for k in col..n {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let mut s = b[row];
        for k in row + 1..n {
            s -= a[row][k] * x[k];
        }
        x[row] = if a[row][row].abs() < 1e-12 {
            0.0
        } else {
            s / a[row][row]
        };
    }
    x
}

/// [`logistic`] over sparse rows (`(feature, value)` pairs): the Hessian only gathers
/// the products of each row's nonzero features, so a thousand features stay cheap when
/// a row has a few hundred.
pub fn logistic_sparse(
    xs: &[Vec<(usize, f64)>],
    ys: &[f64],
    lambdas: &[f64],
    prior: &[f64],
    iterations: usize,
) -> Vec<f64> {
    let dim = prior.len();
    let mut w = prior.to_vec();
    for iteration in 0..iterations {
        let mut gradient = vec![0.0; dim];
        // Each unordered pair of a row's features once, symmetrised below.
        let mut upper = vec![0.0; dim * dim];
        let mut loss = 0.0;
        for (x, &y) in xs.iter().zip(ys) {
            let z: f64 = x.iter().map(|&(i, v)| v * w[i]).sum();
            let p = sigmoid(z);
            loss -= y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln();
            let g = p - y;
            let h = p * (1.0 - p);
            for (a, &(i, vi)) in x.iter().enumerate() {
                gradient[i] += g * vi;
                let hv = h * vi;
                for &(j, vj) in &x[a..] {
                    upper[i * dim + j] += hv * vj;
                }
            }
        }
        let mut hessian = vec![vec![0.0; dim]; dim];
        for i in 0..dim {
            for j in 0..dim {
                hessian[i][j] = if i == j {
                    upper[i * dim + i]
                } else {
                    upper[i * dim + j] + upper[j * dim + i]
                };
            }
        }
        ridge_newton_step(&mut w, gradient, hessian, lambdas, prior);
        eprintln!(
            "iteration {iteration}: mean log loss {:.5}",
            loss / xs.len() as f64
        );
    }
    w
}
