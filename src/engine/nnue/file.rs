//! The network file, all little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 0..4 | magic `XQNN` |
//! | 4..6 | format version, 1 |
//! | 6..8 | inputs, 1260 |
//! | 8..10 | hidden size, 256 |
//! | 10..12 | output buckets, 8 |
//! | 12..14 | activation: 1 = clipped ReLU |
//! | 14..16 | `QA`, 255 |
//! | 16..18 | `QB`, 64 |
//! | 18..20 | output scale, 400 |
//! | 20..22 | fit scale `K` of the internal score |
//! | 22..24 | zero (reserved) |
//! | 24..28 | payload length in bytes |
//! | 28..32 | CRC-32 of the payload |
//! | 32..96 | description, UTF-8, zero-padded |
//! | 96.. | payload: first-layer weights (`i16`, feature by feature), first-layer biases (`i16`), output weights (`i16`, bucket by bucket, the side to move's half first), output biases (`i32`) |

use super::{BUCKETS, HIDDEN, INPUTS, Network, OUT_SCALE, QA, QB};

const MAGIC: &[u8; 4] = b"XQNN";
const VERSION: u16 = 1;
const HEADER_LEN: usize = 96;
const DESCRIPTION_LEN: usize = 64;
const ACTIVATION_CRELU: u16 = 1;
const PAYLOAD_LEN: usize =
    INPUTS * HIDDEN * 2 + HIDDEN * 2 + BUCKETS * 2 * HIDDEN * 2 + BUCKETS * 4;

/// What a network file says of itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Fit scale of the internal score (see [`Network::fit_scale`]).
    pub fit_scale: u16,
    /// Free text: how it was made.
    pub description: String,
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// Shorter than its header or its payload.
    #[error("the file is truncated: {got} bytes, {want} expected")]
    Truncated { got: usize, want: usize },
    /// Not a network file at all.
    #[error("not a xiangqi network file (no XQNN magic)")]
    Foreign,
    /// A network of another format or shape.
    #[error("{0}")]
    Mismatch(String),
    /// The payload does not match its checksum.
    #[error("the checksum does not match: the file is damaged")]
    Checksum,
    /// A first-layer weight or bias past the bound the trainer keeps
    /// ([`W1_BOUND`]): the accumulators could overflow.
    #[error("a first-layer {what} of {value}, past ±{W1_BOUND}: the accumulators could overflow")]
    OutOfBounds {
        /// `weight` or `bias`.
        what: &'static str,
        /// The value found.
        value: i16,
    },
    /// Not a regular file (a pipe, a device, a folder).
    #[error("not a regular file")]
    NotRegular,
    /// The file could not be read.
    #[error("{0}")]
    Io(String),
}

/// The largest first-layer weight or bias a network file may hold: the
/// trainer keeps them within ±[`super::W1_LIMIT`] (quantised by `QA`), so
/// a bias and 32 pieces' weights stay well inside an `i16` accumulator.
pub const W1_BOUND: i16 = 505;
const _: () = assert!((super::W1_LIMIT * QA as f32) as i32 <= W1_BOUND as i32);
const _: () = assert!(33 * (W1_BOUND as i32) < i16::MAX as i32);

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// The header of a network file: its magic, its format (see
/// [`check_format`]), its fit scale, its payload length and description.
fn read_header(b: &[u8]) -> Result<Header, FileError> {
    if b.len() >= 4 && &b[..4] != MAGIC {
        return Err(FileError::Foreign);
    }
    if b.len() < HEADER_LEN {
        return Err(FileError::Truncated {
            got: b.len(),
            want: HEADER_LEN,
        });
    }
    check_format(b)?;
    let fit_scale = u16_at(b, 20);
    if fit_scale == 0 {
        return Err(FileError::Mismatch("a score scale of 0".into()));
    }
    let len = u32_at(b, 24) as usize;
    if len != PAYLOAD_LEN {
        return Err(FileError::Mismatch(format!(
            "a payload of {len} bytes; this shape has {PAYLOAD_LEN}"
        )));
    }
    let text = &b[32..32 + DESCRIPTION_LEN];
    let end = text.iter().position(|&c| c == 0).unwrap_or(DESCRIPTION_LEN);
    let description = String::from_utf8_lossy(&text[..end]).into_owned();
    Ok(Header {
        fit_scale,
        description,
    })
}

/// Refuses a header of another format version, network shape or
/// quantisation than this build's.
fn check_format(b: &[u8]) -> Result<(), FileError> {
    let version = u16_at(b, 4);
    if version != VERSION {
        return Err(FileError::Mismatch(format!(
            "format version {version}; this build reads version {VERSION}"
        )));
    }
    let shape = (u16_at(b, 6), u16_at(b, 8), u16_at(b, 10), u16_at(b, 12));
    let want = (
        INPUTS as u16,
        HIDDEN as u16,
        BUCKETS as u16,
        ACTIVATION_CRELU,
    );
    if shape != want {
        return Err(FileError::Mismatch(format!(
            "a {}→2×{}→{} network with activation {}; this build plays {}→2×{}→{} with clipped ReLU (1)",
            shape.0, shape.1, shape.2, shape.3, want.0, want.1, want.2
        )));
    }
    let scales = (u16_at(b, 14), u16_at(b, 16), u16_at(b, 18));
    if scales != (QA as u16, QB as u16, OUT_SCALE as u16) {
        return Err(FileError::Mismatch(format!(
            "quantised with QA {}, QB {}, output scale {}; this build uses {QA}, {QB}, {OUT_SCALE}",
            scales.0, scales.1, scales.2
        )));
    }
    Ok(())
}

impl Network {
    /// Reads the network file at `path`: a regular file only (a pipe would
    /// be waited on, a device read without end), its header checked before
    /// its payload is read, and never more than a network's size (and a
    /// byte, to tell a longer file) read.
    ///
    /// # Errors
    /// A [`FileError`]: not a regular file, unreadable, or refused as by
    /// [`Network::from_bytes`].
    pub fn read_file(path: &std::path::Path) -> Result<Network, FileError> {
        use std::io::Read;
        let io = |e: std::io::Error| FileError::Io(e.to_string());
        if !std::fs::metadata(path).map_err(io)?.is_file() {
            return Err(FileError::NotRegular);
        }
        let file = std::fs::File::open(path).map_err(io)?;
        let mut bytes = Vec::with_capacity(HEADER_LEN);
        let mut file = file.take(HEADER_LEN as u64);
        file.read_to_end(&mut bytes).map_err(io)?;
        if bytes.len() == HEADER_LEN {
            // The header's own checks first: a foreign or mismatched file
            // is refused before its body is read.
            if let Err(e) = Network::from_bytes(&bytes)
                && !matches!(e, FileError::Truncated { .. })
            {
                return Err(e);
            }
            let mut file = file.into_inner().take(PAYLOAD_LEN as u64 + 1);
            file.read_to_end(&mut bytes).map_err(io)?;
        }
        Network::from_bytes(&bytes)
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// A [`FileError`] naming what is wrong; nothing is half-read.
    pub fn from_bytes(b: &[u8]) -> Result<Network, FileError> {
        let header = read_header(b)?;
        let total = HEADER_LEN + PAYLOAD_LEN;
        if b.len() < total {
            return Err(FileError::Truncated {
                got: b.len(),
                want: total,
            });
        }
        if b.len() > total {
            return Err(FileError::Mismatch(format!(
                "{} bytes after the payload",
                b.len() - total
            )));
        }
        let payload = &b[HEADER_LEN..];
        if crc32fast::hash(payload) != u32_at(b, 28) {
            return Err(FileError::Checksum);
        }
        let mut net = Network::zeroed(header);
        net.read_payload(payload)?;
        Ok(net)
    }

    /// Fills the weights from a payload of [`PAYLOAD_LEN`] bytes, refusing
    /// a first-layer weight or bias past [`W1_BOUND`].
    fn read_payload(&mut self, payload: &[u8]) -> Result<(), FileError> {
        let mut at = 0;
        let mut next16 = || {
            let v = i16::from_le_bytes([payload[at], payload[at + 1]]);
            at += 2;
            v
        };
        let bounded = |what: &'static str, value: i16| {
            if value.unsigned_abs() > W1_BOUND.unsigned_abs() {
                Err(FileError::OutOfBounds { what, value })
            } else {
                Ok(value)
            }
        };
        for row in self.w1.iter_mut() {
            for w in row.iter_mut() {
                *w = bounded("weight", next16())?;
            }
        }
        for w in self.b1.iter_mut() {
            *w = bounded("bias", next16())?;
        }
        for row in self.w2.iter_mut() {
            for w in row.iter_mut() {
                *w = next16();
            }
        }
        let mut at = PAYLOAD_LEN - BUCKETS * 4;
        for w in self.b2.iter_mut() {
            *w = u32_at(payload, at) as i32;
            at += 4;
        }
        Ok(())
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(PAYLOAD_LEN);
        for row in self.w1.iter() {
            for w in row {
                payload.extend_from_slice(&w.to_le_bytes());
            }
        }
        for w in &self.b1 {
            payload.extend_from_slice(&w.to_le_bytes());
        }
        for row in &self.w2 {
            for w in row {
                payload.extend_from_slice(&w.to_le_bytes());
            }
        }
        for w in &self.b2 {
            payload.extend_from_slice(&w.to_le_bytes());
        }
        debug_assert_eq!(payload.len(), PAYLOAD_LEN);
        let mut out = Vec::with_capacity(HEADER_LEN + PAYLOAD_LEN);
        out.extend_from_slice(MAGIC);
        for v in [
            VERSION,
            INPUTS as u16,
            HIDDEN as u16,
            BUCKETS as u16,
            ACTIVATION_CRELU,
            QA as u16,
            QB as u16,
            OUT_SCALE as u16,
            self.header.fit_scale,
            0,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&(PAYLOAD_LEN as u32).to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
        let mut text = [0u8; DESCRIPTION_LEN];
        // Cut on a character boundary.
        let mut end = self.header.description.len().min(DESCRIPTION_LEN);
        while !self.header.description.is_char_boundary(end) {
            end -= 1;
        }
        text[..end].copy_from_slice(&self.header.description.as_bytes()[..end]);
        out.extend_from_slice(&text);
        out.extend_from_slice(&payload);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_layer_values_past_the_bound_are_refused() {
        // Weights of ±32767 with a valid header and CRC
        // were taken, and the i16 accumulators overflowed.
        let good = (*super::super::embedded()).clone();
        assert!(Network::from_bytes(&good.to_bytes()).is_ok());
        let mut net = good.clone();
        net.w1[7][3] = 32767;
        assert_eq!(
            Network::from_bytes(&net.to_bytes()).unwrap_err(),
            FileError::OutOfBounds {
                what: "weight",
                value: 32767
            }
        );
        let mut net = good;
        net.b1[0] = -W1_BOUND - 1;
        assert!(matches!(
            Network::from_bytes(&net.to_bytes()),
            Err(FileError::OutOfBounds { what: "bias", .. })
        ));
    }
}
