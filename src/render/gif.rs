//! The animated GIF of a game. Frames are painted in full, then share one
//! 255-colour palette (NeuQuant, learned from the first and last frames,
//! which between them show every colour the board uses); each later frame
//! stores only the rectangle that changed, with unchanged pixels
//! transparent, so a game of a hundred moves stays small.

use super::board::{Painter, move_caption};
use super::{Options, RenderError};
use crate::rules::{Move, Position};
use std::collections::HashMap;

/// One picture of the animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GifFrame {
    /// The position shown.
    pub position: Position,
    /// The move that led to it (none for the start).
    pub last_move: Option<Move>,
    /// Text under the board.
    pub caption: Option<String>,
    /// How long it shows, in hundredths of a second.
    pub delay: u16,
}

/// The frames of a game: the start, then one after each move; the last
/// holds for four seconds. Moves that are illegal end the list.
pub fn game_frames(start: &Position, moves: &[Move], options: &Options) -> Vec<GifFrame> {
    let mut frames = vec![GifFrame {
        position: *start,
        last_move: None,
        caption: options.caption.clone(),
        delay: 150,
    }];
    let mut pos = *start;
    for &m in moves {
        let caption = move_caption(&pos, m);
        if pos.play(m).is_err() {
            break;
        }
        frames.push(GifFrame {
            position: pos,
            last_move: Some(m),
            caption: Some(caption),
            delay: 100,
        });
    }
    if let Some(last) = frames.last_mut() {
        last.delay = 400;
    }
    frames
}

/// Index of the transparent colour (the palette's last entry).
const CLEAR: u8 = 255;

/// Paints and encodes the frames.
pub(super) fn encode(
    painter: &Painter,
    frames: &[GifFrame],
    look: &Options,
) -> Result<Vec<u8>, RenderError> {
    let (w, h) = (painter.width(), painter.height());
    let too_big = || RenderError::Gif(format!("{w}×{h} is too large for a GIF"));
    let (gw, gh) = (
        u16::try_from(w).map_err(|_| too_big())?,
        u16::try_from(h).map_err(|_| too_big())?,
    );
    let paint = |f: &GifFrame| -> Result<Vec<u8>, RenderError> {
        let options = Options {
            caption: f.caption.clone(),
            last_move: f.last_move,
            ..look.clone()
        };
        // Opaque pixels: premultiplied equals straight RGBA.
        Ok(painter.paint(&f.position, &options)?.data().to_vec())
    };
    let (Some(first), Some(last)) = (frames.first(), frames.last()) else {
        return Err(RenderError::NoMoves);
    };
    let mut sample = paint(first)?;
    sample.extend(paint(last)?);
    let quant = color_quant::NeuQuant::new(10, 255, &sample);
    let mut palette = quant.color_map_rgb();
    palette.resize(256 * 3, 0);

    let mut out = Vec::new();
    {
        let gif_err = |e: gif::EncodingError| RenderError::Gif(e.to_string());
        let mut enc = gif::Encoder::new(&mut out, gw, gh, &palette).map_err(gif_err)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(gif_err)?;
        let mut cache: HashMap<[u8; 3], u8> = HashMap::new();
        let mut index = |px: &[u8]| -> u8 {
            let key = [px[0], px[1], px[2]];
            *cache
                .entry(key)
                .or_insert_with(|| quant.index_of(&[px[0], px[1], px[2], 255]) as u8)
        };
        let mut previous: Option<Vec<u8>> = None;
        for f in frames {
            let rgba = paint(f)?;
            let (left, top, right, bottom) = match &previous {
                None => (0, 0, w, h),
                Some(prev) => changed(prev, &rgba, w, h).unwrap_or((0, 0, 1, 1)),
            };
            let mut buffer = Vec::with_capacity(((right - left) * (bottom - top)) as usize);
            for y in top..bottom {
                for x in left..right {
                    let i = ((y * w + x) * 4) as usize;
                    let px = &rgba[i..i + 4];
                    let same = previous.as_ref().is_some_and(|p| p[i..i + 4] == *px);
                    buffer.push(if same { CLEAR } else { index(px) });
                }
            }
            let frame = gif::Frame {
                delay: f.delay,
                dispose: gif::DisposalMethod::Keep,
                transparent: previous.as_ref().map(|_| CLEAR),
                left: left as u16,
                top: top as u16,
                width: (right - left) as u16,
                height: (bottom - top) as u16,
                buffer: buffer.into(),
                ..gif::Frame::default()
            };
            enc.write_frame(&frame).map_err(gif_err)?;
            previous = Some(rgba);
        }
    }
    Ok(out)
}

/// The smallest rectangle (left, top, right, bottom; exclusive) holding
/// every pixel that differs, or `None` if none does.
fn changed(a: &[u8], b: &[u8], w: u32, h: u32) -> Option<(u32, u32, u32, u32)> {
    let (mut l, mut t, mut r, mut btm) = (w, h, 0, 0);
    for y in 0..h {
        let row = (y * w * 4) as usize..((y + 1) * w * 4) as usize;
        if a[row.clone()] == b[row.clone()] {
            continue;
        }
        for x in 0..w {
            let i = ((y * w + x) * 4) as usize;
            if a[i..i + 4] != b[i..i + 4] {
                l = l.min(x);
                r = r.max(x + 1);
                t = t.min(y);
                btm = btm.max(y + 1);
            }
        }
    }
    (r > l).then_some((l, t, r, btm))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changed_rectangle_is_tight() {
        let (w, h) = (4, 3);
        let a = vec![0u8; (w * h * 4) as usize];
        let mut b = a.clone();
        b[((w + 2) * 4) as usize] = 9; // x 2, y 1
        assert_eq!(changed(&a, &b, w, h), Some((2, 1, 3, 2)));
        assert_eq!(changed(&a, &a, w, h), None);
    }

    #[test]
    fn frames_stop_at_an_illegal_move_and_the_last_one_lingers() {
        let start = Position::startpos();
        let moves = [
            Move::from_iccs("h2e2").unwrap(),
            Move::from_iccs("h2e2").unwrap(),
        ];
        let f = game_frames(&start, &moves, &Options::default());
        assert_eq!(f.len(), 2);
        assert_eq!(f[1].caption.as_deref(), Some("1. 炮二平五"));
        assert_eq!(f[1].delay, 400);
        assert_eq!(f[0].delay, 150);
    }
}
