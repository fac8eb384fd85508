//! The evaluation network: one hidden layer of sigmoid units and one sigmoid output, the
//! probability that the side to move wins. Plain f32 arithmetic; the first layer reads the
//! sparse inputs row by row, so a position costs (active inputs x hidden) multiply-adds.
//!
//! The weights file holds a header (magic, version, shape) and each tensor as a scale
//! followed by 16-bit integers, which halves the size of f32 at no measurable cost.

use super::features::{Features, INPUTS};
use crate::rng::Rng;
use std::fmt;

const MAGIC: &[u8; 4] = b"LRXN";
const VERSION: u16 = 1;
const HEADER: usize = 12;
/// The largest hidden layer a weights file may declare.
const MAX_HIDDEN: usize = 1024;

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    Magic,
    Version(u16),
    Shape {
        inputs: u16,
        hidden: u16,
        outputs: u16,
    },
    Length {
        expected: usize,
        found: usize,
    },
    Scale,
    /// A build without compiled-in weights that has not been given any (`load_net`).
    Missing,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Magic => f.write_str("not a XII Scripta weights file (bad magic)"),
            WeightsError::Version(v) => {
                write!(f, "weights file version {v}, this build reads {VERSION}")
            }
            WeightsError::Shape {
                inputs,
                hidden,
                outputs,
            } => write!(
                f,
                "weights for a {inputs}x{hidden}x{outputs} network, this build needs \
                 {INPUTS}xHx1 with 1 <= H <= {MAX_HIDDEN}"
            ),
            WeightsError::Length { expected, found } => {
                write!(
                    f,
                    "weights file of {found} bytes, its header implies {expected}"
                )
            }
            WeightsError::Scale => f.write_str("weights file has a bad tensor scale"),
            WeightsError::Missing => f.write_str("the network's weights are not loaded"),
        }
    }
}

impl std::error::Error for WeightsError {}

/// A network of `INPUTS` inputs, `hidden` sigmoid units and one sigmoid output.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    hidden: usize,
    /// Input-major: the row of input `i` is `w1[i * hidden..(i + 1) * hidden]`.
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// A fresh network with small random weights drawn from `rng`.
    pub fn new(hidden: usize, rng: &mut Rng) -> Net {
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        let mut draw = |range: f32| (rng.unit() as f32 * 2.0 - 1.0) * range;
        let w1 = (0..INPUTS * hidden).map(|_| draw(0.15)).collect();
        let w2 = (0..hidden).map(|_| draw(0.3)).collect();
        Net {
            hidden,
            w1,
            b1: vec![0.0; hidden],
            w2,
            b2: 0.0,
        }
    }

    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// This network with `hidden` units (more than it has, else unchanged): the new units
    /// get small random input weights from `rng` and no say in the output, so the widened
    /// network values every position as this one does and training goes on from what it
    /// knows rather than from scratch.
    pub fn widen(&self, hidden: usize, rng: &mut Rng) -> Net {
        let hidden = hidden.clamp(self.hidden, MAX_HIDDEN);
        let added = hidden - self.hidden;
        let mut draw = || (rng.unit() as f32 * 2.0 - 1.0) * 0.15;
        let w1 = self
            .w1
            .chunks(self.hidden)
            .flat_map(|row| {
                let fresh: Vec<f32> = (0..added).map(|_| draw()).collect();
                row.iter().copied().chain(fresh)
            })
            .collect();
        let pad = |v: &[f32]| {
            v.iter()
                .copied()
                .chain(std::iter::repeat_n(0.0, added))
                .collect()
        };
        Net {
            hidden,
            w1,
            b1: pad(&self.b1),
            w2: pad(&self.w2),
            b2: self.b2,
        }
    }

    /// The mean of `nets`, weight by weight (Polyak averaging): late in a run each learning
    /// step leaves the weights a little off in its own direction, and the mean of several
    /// snapshots cancels much of that noise. `None` if `nets` is empty or their hidden layers
    /// differ.
    pub fn average(nets: &[Net]) -> Option<Net> {
        let hidden = nets.first()?.hidden;
        if nets.iter().any(|n| n.hidden != hidden) {
            return None;
        }
        let mut sum = vec![0.0f64; parameter_count(hidden)];
        for net in nets {
            for (s, p) in sum.iter_mut().zip(net.parameters()) {
                *s += f64::from(p);
            }
        }
        let mean: Vec<f32> = sum.iter().map(|s| (s / nets.len() as f64) as f32).collect();
        Net::from_parameters(hidden, &mean)
    }

    /// The hidden activations into `h` and the output.
    fn forward(&self, features: &Features, h: &mut [f32]) -> f32 {
        self.hidden_sums(features, 0, h);
        let mut z = self.b2;
        for (a, w) in h.iter_mut().zip(&self.w2) {
            *a = sigmoid(*a);
            z += *a * w;
        }
        sigmoid(z)
    }

    /// Into `h`, the weighted input sums of the hidden units from `first` on.
    fn hidden_sums(&self, features: &Features, first: usize, h: &mut [f32]) {
        let units = first..first + h.len();
        h.copy_from_slice(&self.b1[units.clone()]);
        for (i, x) in features.iter() {
            let row = &self.w1[i * self.hidden..(i + 1) * self.hidden];
            for (a, w) in h.iter_mut().zip(&row[units.clone()]) {
                *a += x * w;
            }
        }
    }

    /// The probability that the side to move wins. The hidden units go in blocks, so each
    /// call clears a small scratch array rather than one of `MAX_HIDDEN`: the search calls
    /// this for every reply it looks at. A block holds every unit of the trained networks
    /// (48), so their inputs are read once.
    pub fn evaluate(&self, features: &Features) -> f32 {
        const BLOCK: usize = 64;
        let mut z = self.b2;
        let mut h = [0.0f32; BLOCK];
        for first in (0..self.hidden).step_by(BLOCK) {
            let h = &mut h[..BLOCK.min(self.hidden - first)];
            self.hidden_sums(features, first, h);
            for (a, w) in h.iter().zip(&self.w2[first..]) {
                z += sigmoid(*a) * w;
            }
        }
        sigmoid(z)
    }

    /// One gradient step moving the output towards `target`: every weight w changes by
    /// `alpha * (target - output) * d output / d w`. Returns the output before the step.
    pub fn learn(&mut self, features: &Features, target: f32, alpha: f32) -> f32 {
        let mut h = [0.0f32; MAX_HIDDEN];
        let h = &mut h[..self.hidden];
        let v = self.forward(features, h);
        let delta = alpha * (target - v) * v * (1.0 - v);
        self.b2 += delta;
        for ((a, w2), b1) in h.iter_mut().zip(&mut self.w2).zip(&mut self.b1) {
            let back = delta * *w2 * *a * (1.0 - *a);
            *w2 += delta * *a;
            *b1 += back;
            *a = back;
        }
        for (i, x) in features.iter() {
            let row = &mut self.w1[i * self.hidden..(i + 1) * self.hidden];
            for (w, back) in row.iter_mut().zip(h.iter()) {
                *w += x * back;
            }
        }
        v
    }

    /// Every parameter exactly, in file order (w1, b1, w2, b2): a training checkpoint.
    pub fn parameters(&self) -> Vec<f32> {
        self.tensors().concat()
    }

    /// The network of `hidden` units whose [`Net::parameters`] are `parameters`; `None` if
    /// the count does not fit.
    pub fn from_parameters(hidden: usize, parameters: &[f32]) -> Option<Net> {
        if hidden == 0 || hidden > MAX_HIDDEN || parameters.len() != parameter_count(hidden) {
            return None;
        }
        let (w1, rest) = parameters.split_at(INPUTS * hidden);
        let (b1, rest) = rest.split_at(hidden);
        let (w2, b2) = rest.split_at(hidden);
        Some(Net {
            hidden,
            w1: w1.to_vec(),
            b1: b1.to_vec(),
            w2: w2.to_vec(),
            b2: b2.first().copied()?,
        })
    }

    /// The tensors in file order.
    fn tensors(&self) -> [&[f32]; 4] {
        [&self.w1, &self.b1, &self.w2, std::slice::from_ref(&self.b2)]
    }

    /// The weights file: header, then each tensor as an f32 scale and i16 values.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(file_len(self.hidden));
        out.extend_from_slice(MAGIC);
        for n in [VERSION, INPUTS as u16, self.hidden as u16, 1] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        for tensor in self.tensors() {
            let max = tensor.iter().fold(0.0f32, |m, w| m.max(w.abs()));
            let scale = if max > 0.0 { max / 32767.0 } else { 1.0 };
            out.extend_from_slice(&scale.to_le_bytes());
            for w in tensor {
                let q = (w / scale).round().clamp(-32767.0, 32767.0) as i16;
                out.extend_from_slice(&q.to_le_bytes());
            }
        }
        out
    }

    /// Reads a weights file, checking its header and length.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, WeightsError> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err(WeightsError::Magic);
        }
        let word = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let (version, inputs, hidden, outputs) = (word(4), word(6), word(8), word(10));
        if version != VERSION {
            return Err(WeightsError::Version(version));
        }
        let h = usize::from(hidden);
        if usize::from(inputs) != INPUTS || outputs != 1 || h == 0 || h > MAX_HIDDEN {
            return Err(WeightsError::Shape {
                inputs,
                hidden,
                outputs,
            });
        }
        let expected = file_len(h);
        if bytes.len() != expected {
            return Err(WeightsError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let mut at = HEADER;
        let mut tensor = |n: usize| -> Result<Vec<f32>, WeightsError> {
            let scale =
                f32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
            if !scale.is_finite() || scale <= 0.0 {
                return Err(WeightsError::Scale);
            }
            at += 4;
            let values = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|q| f32::from(i16::from_le_bytes([q[0], q[1]])) * scale)
                .collect();
            at += 2 * n;
            Ok(values)
        };
        let w1 = tensor(INPUTS * h)?;
        let b1 = tensor(h)?;
        let w2 = tensor(h)?;
        let b2 = tensor(1)?.first().copied().unwrap_or(0.0);
        Ok(Net {
            hidden: h,
            w1,
            b1,
            w2,
            b2,
        })
    }
}

/// The number of parameters of a network of `hidden` units.
pub fn parameter_count(hidden: usize) -> usize {
    INPUTS * hidden + 2 * hidden + 1
}

/// The size of a weights file for a hidden layer of `hidden` units.
fn file_len(hidden: usize) -> usize {
    HEADER + 4 * 4 + 2 * parameter_count(hidden)
}

#[cfg(test)]
mod tests {
    use super::super::features::encode;
    use super::*;
    use crate::scripta::ai::Position;

    fn sample() -> Features {
        let p: Position = "A w3s0o2:4,9x3,20x2,33x4 w5s1o0:2x2,8,30x6"
            .parse()
            .unwrap();
        encode(&p)
    }

    /// Every parameter, addressed as one flat list: w1, b1, w2, b2.
    fn param(net: &mut Net, k: usize) -> &mut f32 {
        let (n1, h) = (net.w1.len(), net.hidden);
        match k {
            k if k < n1 => &mut net.w1[k],
            k if k < n1 + h => &mut net.b1[k - n1],
            k if k < n1 + 2 * h => &mut net.w2[k - n1 - h],
            _ => &mut net.b2,
        }
    }

    #[test]
    fn learning_step_follows_the_gradient_of_finite_differences() {
        let net = Net::new(8, &mut Rng::new(3));
        let f = sample();
        let active: Vec<usize> = f.iter().map(|(i, _)| i).collect();
        let n1 = net.w1.len();
        let mut checked = vec![n1, n1 + 3, n1 + 8, n1 + 12, n1 + 16];
        checked.extend(active.iter().take(6).map(|i| i * 8 + 5));
        let v = net.evaluate(&f);
        // With target v + 1 and a tiny rate, a step moves each weight by alpha * dv/dw.
        let alpha = 1e-3;
        let mut stepped = net.clone();
        stepped.learn(&f, v + 1.0, alpha);
        for &k in &checked {
            let (mut plus, mut minus) = (net.clone(), net.clone());
            let eps = 1e-2;
            *param(&mut plus, k) += eps;
            *param(&mut minus, k) -= eps;
            let numeric = (plus.evaluate(&f) - minus.evaluate(&f)) / (2.0 * eps);
            let mut original = net.clone();
            let analytic = (*param(&mut stepped, k) - *param(&mut original, k)) / alpha;
            assert!(
                (numeric - analytic).abs() <= 1e-3 * (1.0 + numeric.abs()),
                "parameter {k}: numeric {numeric}, analytic {analytic}"
            );
        }
    }

    #[test]
    fn learning_moves_the_output_towards_the_target() {
        let mut net = Net::new(16, &mut Rng::new(5));
        let f = sample();
        let before = net.evaluate(&f);
        for _ in 0..50 {
            net.learn(&f, 1.0, 0.5);
        }
        assert!(net.evaluate(&f) > before.max(0.9));
    }

    #[test]
    fn weights_survive_the_file_within_quantisation() {
        let net = Net::new(12, &mut Rng::new(9));
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), file_len(12));
        let back = Net::from_bytes(&bytes).unwrap();
        assert_eq!(back.hidden(), 12);
        let f = sample();
        assert!((back.evaluate(&f) - net.evaluate(&f)).abs() < 1e-4);
        assert_eq!(Net::from_bytes(&back.to_bytes()).unwrap(), back);
    }

    #[test]
    fn a_widened_network_values_positions_as_before_and_learns_with_its_new_units() {
        let net = Net::new(6, &mut Rng::new(4));
        let mut wide = net.widen(10, &mut Rng::new(5));
        assert_eq!(wide.hidden(), 10);
        let f = sample();
        assert_eq!(wide.evaluate(&f), net.evaluate(&f));
        let row = |n: &Net, i: usize| n.w1[i * n.hidden..(i + 1) * n.hidden].to_vec();
        assert_eq!(row(&wide, 7)[..6], row(&net, 7)[..]);
        assert!(row(&wide, 7)[6..].iter().any(|w| *w != 0.0));
        wide.learn(&f, 1.0, 0.5);
        assert!(wide.w2[6..].iter().all(|w| *w != 0.0));
        assert_eq!(net.widen(4, &mut Rng::new(5)), net);
    }

    #[test]
    fn the_average_of_networks_is_their_mean_weight_by_weight() {
        let mut rng = Rng::new(4);
        let (a, b) = (Net::new(3, &mut rng), Net::new(3, &mut rng));
        let mean = Net::average(&[a.clone(), b.clone()]).expect("same shape");
        for ((m, x), y) in mean
            .parameters()
            .iter()
            .zip(a.parameters())
            .zip(b.parameters())
        {
            assert!((m - (x + y) / 2.0).abs() < 1e-6);
        }
        assert!(Net::average(&[]).is_none());
        assert!(Net::average(&[a, Net::new(4, &mut rng)]).is_none());
    }

    #[test]
    fn parameters_rebuild_the_network_exactly() {
        let net = Net::new(6, &mut Rng::new(4));
        let parameters = net.parameters();
        assert_eq!(parameters.len(), parameter_count(6));
        assert_eq!(Net::from_parameters(6, &parameters), Some(net));
        assert_eq!(Net::from_parameters(5, &parameters), None);
        assert_eq!(Net::from_parameters(6, &parameters[1..]), None);
    }

    #[test]
    fn bad_weights_files_are_errors() {
        let good = Net::new(4, &mut Rng::new(1)).to_bytes();
        assert_eq!(Net::from_bytes(b""), Err(WeightsError::Magic));
        assert_eq!(Net::from_bytes(b"XXXX00000000"), Err(WeightsError::Magic));
        let mut version = good.clone();
        version[4] = 9;
        assert_eq!(Net::from_bytes(&version), Err(WeightsError::Version(9)));
        let mut shape = good.clone();
        shape[6] = 7;
        assert!(matches!(
            Net::from_bytes(&shape),
            Err(WeightsError::Shape { .. })
        ));
        let mut zero = good.clone();
        zero[8..10].copy_from_slice(&0u16.to_le_bytes());
        assert!(matches!(
            Net::from_bytes(&zero),
            Err(WeightsError::Shape { .. })
        ));
        assert!(matches!(
            Net::from_bytes(&good[..good.len() - 1]),
            Err(WeightsError::Length { .. })
        ));
        let mut scale = good.clone();
        scale[HEADER..HEADER + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        assert_eq!(Net::from_bytes(&scale), Err(WeightsError::Scale));
        assert!(Net::from_bytes(&good).is_ok());
    }
}
