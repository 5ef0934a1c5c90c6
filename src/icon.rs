//! The game's icon, drawn here: a piece seen from above — ivory face, wooden
//! rim, a red engraved ring and, inside it, the palace's frame and
//! diagonals in red ink. The window uses [`rgba`]; desktops use the PNG that
//! `xiangqi gen-icon` writes from [`png`] (`assets/desktop/xiangqi.png`, which
//! a test keeps equal to this drawing).

use std::fs;
use std::io;
use std::path::Path;

/// Side of the committed PNG, in pixels.
pub const PNG_SIZE: u32 = 256;

/// File name of the committed PNG (in `assets/desktop`).
pub const PNG_NAME: &str = "xiangqi.png";

const FACE: [f32; 3] = [0.97, 0.90, 0.76];
const RIM: [f32; 3] = [0.55, 0.34, 0.16];
const RED: [f32; 3] = [0.72, 0.10, 0.08];

/// Samples per pixel along each axis (edges are anti-aliased by averaging).
const SUBSAMPLES: u32 = 4;

/// The colour and coverage at a point of the unit square (centre 0.5, 0.5).
fn paint(x: f32, y: f32) -> Option<[f32; 3]> {
    let (dx, dy) = (x - 0.5, y - 0.5);
    let r = (dx * dx + dy * dy).sqrt();
    if r > 0.48 {
        return None;
    }
    if r > 0.43 {
        return Some(RIM);
    }
    if (0.34..0.375).contains(&r) {
        return Some(RED);
    }
    // The palace: a square frame and its two diagonals.
    let half = 0.19;
    let stroke = 0.028;
    let (ax, ay) = (dx.abs(), dy.abs());
    let inside = ax <= half + stroke / 2.0 && ay <= half + stroke / 2.0;
    let on_frame = inside && (ax >= half - stroke / 2.0 || ay >= half - stroke / 2.0);
    let on_diagonal = inside && (ax - ay).abs() <= stroke * std::f32::consts::FRAC_1_SQRT_2;
    if on_frame || on_diagonal {
        return Some(RED);
    }
    Some(FACE)
}

/// The icon as `size`×`size` RGBA8 pixels, rows from the top, straight alpha.
pub fn rgba(size: u32) -> Vec<u8> {
    let n = SUBSAMPLES;
    let mut out = Vec::with_capacity((size * size * 4) as usize);
    for py in 0..size {
        for px in 0..size {
            let mut sum = [0.0f32; 3];
            let mut covered = 0u32;
            for sy in 0..n {
                for sx in 0..n {
                    let x = (px as f32 + (sx as f32 + 0.5) / n as f32) / size as f32;
                    let y = (py as f32 + (sy as f32 + 0.5) / n as f32) / size as f32;
                    if let Some(c) = paint(x, y) {
                        for (s, v) in sum.iter_mut().zip(c) {
                            *s += v;
                        }
                        covered += 1;
                    }
                }
            }
            if covered == 0 {
                out.extend_from_slice(&[0, 0, 0, 0]);
                continue;
            }
            for s in sum {
                out.push((s / covered as f32 * 255.0).round().clamp(0.0, 255.0) as u8);
            }
            out.push((covered as f32 / (n * n) as f32 * 255.0).round() as u8);
        }
    }
    out
}

/// The icon as a PNG file of `size`×`size` pixels (uncompressed deflate:
/// small enough at this size, and byte-for-byte reproducible).
pub fn png(size: u32) -> Vec<u8> {
    let pixels = rgba(size);
    let mut raw = Vec::with_capacity(pixels.len() + size as usize);
    for row in pixels.chunks_exact(size as usize * 4) {
        raw.push(0); // filter: none
        raw.extend_from_slice(row);
    }
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&size.to_be_bytes());
    ihdr.extend_from_slice(&size.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]); // 8 bits, RGBA, deflate, no interlace
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &zlib_stored(&raw));
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Writes [`PNG_NAME`] into `dir` (the committed one is in `assets/desktop`).
pub fn write_png(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(".{PNG_NAME}.tmp"));
    fs::write(&tmp, png(PNG_SIZE))?;
    fs::rename(&tmp, dir.join(PNG_NAME))
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// A zlib stream of stored (uncompressed) deflate blocks.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let mut blocks = data.chunks(0xffff).peekable();
    if blocks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(block) = blocks.next() {
        out.push(u8::from(blocks.peek().is_none()));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &x in data {
        a = (a + u32::from(x)) % 65521;
        b = (b + a) % 65521;
    }
    (b << 16) | a
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(img: &[u8], size: u32, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * size + x) * 4) as usize;
        [img[i], img[i + 1], img[i + 2], img[i + 3]]
    }

    #[test]
    fn the_icon_is_a_round_piece_with_red_ink_on_ivory() {
        let size = 64;
        let img = rgba(size);
        assert_eq!(img.len(), (size * size * 4) as usize);
        // Corners are transparent, the centre (where the diagonals cross) is red ink.
        assert_eq!(pixel(&img, size, 0, 0)[3], 0);
        assert_eq!(pixel(&img, size, size - 1, size - 1)[3], 0);
        let centre = pixel(&img, size, size / 2, size / 2);
        assert!(
            centre[0] > 150 && centre[1] < 80 && centre[3] == 255,
            "{centre:?}"
        );
        // Between the palace and the ring: ivory.
        let face = pixel(&img, size, size / 2, (size as f32 * 0.23) as u32);
        assert!(face[0] > 230 && face[1] > 210 && face[2] > 170, "{face:?}");
        // The rim is wood brown.
        let rim = pixel(&img, size, size / 2, (size as f32 * 0.05) as u32);
        assert!(
            rim[0] > rim[1] && rim[1] > rim[2] && rim[0] < 170,
            "{rim:?}"
        );
        // Left and right halves mirror each other (up to rounding: the
        // samples are summed in another order).
        for y in 0..size {
            for x in 0..size / 2 {
                let (a, b) = (pixel(&img, size, x, y), pixel(&img, size, size - 1 - x, y));
                assert!(
                    a.iter().zip(b).all(|(p, q)| p.abs_diff(q) <= 1),
                    "{x},{y}: {a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn the_png_has_valid_checksums_and_holds_the_pixels() {
        let size = 8;
        let file = png(size);
        assert!(file.starts_with(b"\x89PNG\r\n\x1a\n"));
        // Walk the chunks, checking each CRC.
        let mut at = 8;
        let mut kinds = Vec::new();
        let mut idat = Vec::new();
        while at < file.len() {
            let len = u32::from_be_bytes(file[at..at + 4].try_into().unwrap()) as usize;
            let body = &file[at + 4..at + 8 + len];
            let crc = u32::from_be_bytes(file[at + 8 + len..at + 12 + len].try_into().unwrap());
            assert_eq!(crc32(body), crc);
            kinds.push(String::from_utf8_lossy(&body[..4]).into_owned());
            if &body[..4] == b"IDAT" {
                idat.extend_from_slice(&body[4..]);
            }
            at += 12 + len;
        }
        assert_eq!(kinds, ["IHDR", "IDAT", "IEND"]);
        // One stored block: header, LEN/NLEN, then the filtered rows.
        let len = u16::from_le_bytes([idat[3], idat[4]]) as usize;
        let nlen = u16::from_le_bytes([idat[5], idat[6]]);
        assert_eq!(nlen, !(len as u16));
        let raw = &idat[7..7 + len];
        let pixels = rgba(size);
        for (y, row) in raw.chunks_exact(1 + size as usize * 4).enumerate() {
            assert_eq!(row[0], 0);
            let start = y * size as usize * 4;
            assert_eq!(&row[1..], &pixels[start..start + size as usize * 4]);
        }
        let adler = u32::from_be_bytes(idat[idat.len() - 4..].try_into().unwrap());
        assert_eq!(adler, adler32(raw));
    }

    #[test]
    fn checksums_match_known_values() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
    }
}
