//! What each icon is: its strokes on the 24-unit grid (y down).

use super::Icon;
use super::pen::Pen;

/// Draws `icon` with `pen` (24 units square, y down).
pub(super) fn draw(icon: Icon, pen: &mut Pen) {
    match icon {
        Icon::Undo => pen.curved_arrow(false),
        Icon::Redo => pen.curved_arrow(true),
        Icon::Flip => flip(pen),
        Icon::Hint => hint(pen),
        Icon::NewGame => new_game(pen),
        Icon::Resign => resign(pen),
        Icon::Pause => pause(pen),
        Icon::Resume => resume(pen),
        Icon::Save => save(pen),
        Icon::SaveAs => save_as(pen),
        Icon::Open => open(pen),
        Icon::CopyPgn => copy_pgn(pen),
        Icon::CopyFen => copy_fen(pen),
        Icon::Paste => paste(pen),
        Icon::Help => help(pen),
        Icon::Analysis => analysis(pen),
        Icon::Explorer => explorer(pen),
        Icon::Export => export(pen),
        Icon::Settings => settings(pen),
        Icon::EditPosition => edit_position(pen),
        Icon::Menu => menu(pen),
    }
}

/// Two arrows, up and down: the board turns.
fn flip(pen: &mut Pen) {
    pen.line(2.2, (8.0, 19.5), (8.0, 4.5));
    pen.stroke(2.2, |pb| {
        pb.move_to(4.0, 8.5);
        pb.line_to(8.0, 4.5);
        pb.line_to(12.0, 8.5);
    });
    pen.line(2.2, (16.0, 4.5), (16.0, 19.5));
    pen.stroke(2.2, |pb| {
        pb.move_to(12.0, 15.5);
        pb.line_to(16.0, 19.5);
        pb.line_to(20.0, 15.5);
    });
}

/// A light bulb.
fn hint(pen: &mut Pen) {
    pen.stroke(2.0, |pb| {
        pb.move_to(9.0, 16.0);
        pb.cubic_to(9.0, 13.5, 5.5, 12.5, 5.5, 9.0);
        pb.cubic_to(5.5, 5.4, 8.4, 2.8, 12.0, 2.8);
        pb.cubic_to(15.6, 2.8, 18.5, 5.4, 18.5, 9.0);
        pb.cubic_to(18.5, 12.5, 15.0, 13.5, 15.0, 16.0);
        pb.close();
    });
    pen.line(2.0, (9.5, 19.0), (14.5, 19.0));
    pen.line(2.0, (10.5, 21.8), (13.5, 21.8));
}

/// A piece with a plus.
fn new_game(pen: &mut Pen) {
    pen.circle(2.0, (12.0, 12.0), 9.0);
    pen.line(2.2, (12.0, 7.5), (12.0, 16.5));
    pen.line(2.2, (7.5, 12.0), (16.5, 12.0));
}

/// A white flag.
fn resign(pen: &mut Pen) {
    pen.line(2.2, (6.0, 3.5), (6.0, 21.0));
    pen.fill(|pb| {
        pb.move_to(6.0, 4.0);
        pb.cubic_to(10.0, 2.5, 13.0, 6.0, 19.0, 4.5);
        pb.line_to(19.0, 13.0);
        pb.cubic_to(13.0, 14.5, 10.0, 11.0, 6.0, 12.5);
        pb.close();
    });
}

fn pause(pen: &mut Pen) {
    pen.fill(|pb| {
        pb.push_rect(tiny_skia::Rect::from_xywh(6.5, 5.0, 4.0, 14.0).expect("rect"));
        pb.push_rect(tiny_skia::Rect::from_xywh(13.5, 5.0, 4.0, 14.0).expect("rect"));
    });
}

fn resume(pen: &mut Pen) {
    pen.fill(|pb| {
        pb.move_to(7.5, 4.5);
        pb.line_to(19.0, 12.0);
        pb.line_to(7.5, 19.5);
        pb.close();
    });
}

/// A tray with an arrow into it.
fn save(pen: &mut Pen) {
    pen.stroke(2.0, |pb| {
        pb.move_to(4.0, 14.0);
        pb.line_to(4.0, 20.0);
        pb.line_to(20.0, 20.0);
        pb.line_to(20.0, 14.0);
    });
    pen.line(2.2, (12.0, 3.5), (12.0, 15.0));
    pen.stroke(2.2, |pb| {
        pb.move_to(7.5, 10.5);
        pb.line_to(12.0, 15.0);
        pb.line_to(16.5, 10.5);
    });
}

/// The save tray with a pen over it: save where you choose.
fn save_as(pen: &mut Pen) {
    pen.stroke(2.0, |pb| {
        pb.move_to(4.0, 14.0);
        pb.line_to(4.0, 20.0);
        pb.line_to(20.0, 20.0);
        pb.line_to(20.0, 14.0);
    });
    pen.line(2.0, (9.0, 3.5), (9.0, 13.0));
    pen.stroke(2.0, |pb| {
        pb.move_to(5.5, 9.5);
        pb.line_to(9.0, 13.0);
        pb.line_to(12.5, 9.5);
    });
    // A pen, slanting down to the left.
    pen.stroke(1.8, |pb| {
        pb.move_to(13.5, 15.5);
        pb.line_to(20.0, 9.0);
        pb.line_to(21.8, 10.8);
        pb.line_to(15.3, 17.3);
        pb.close();
    });
    pen.line(1.6, (13.5, 15.5), (12.6, 18.2));
}

/// An open folder.
fn open(pen: &mut Pen) {
    pen.stroke(2.0, |pb| {
        pb.move_to(3.5, 18.5);
        pb.line_to(3.5, 5.5);
        pb.line_to(9.0, 5.5);
        pb.line_to(11.0, 8.0);
        pb.line_to(18.0, 8.0);
        pb.line_to(18.0, 11.0);
    });
    pen.stroke(2.0, |pb| {
        pb.move_to(3.5, 18.5);
        pb.line_to(7.0, 11.0);
        pb.line_to(21.5, 11.0);
        pb.line_to(18.0, 18.5);
        pb.close();
    });
}

/// Two sheets, the front one with lines of moves.
fn copy_pgn(pen: &mut Pen) {
    pen.round_rect(1.8, 8.0, 7.0, 20.0, 21.0, 2.0);
    pen.stroke(1.8, |pb| {
        pb.move_to(5.0, 17.0);
        pb.line_to(4.0, 17.0);
        pb.line_to(4.0, 3.0);
        pb.line_to(15.0, 3.0);
        pb.line_to(15.0, 4.0);
    });
    for y in [11.0, 14.0, 17.0] {
        pen.line(1.5, (11.0, y), (17.0, y));
    }
}

/// A sheet with a small board on it.
fn copy_fen(pen: &mut Pen) {
    pen.round_rect(1.8, 8.0, 7.0, 20.0, 21.0, 2.0);
    pen.stroke(1.8, |pb| {
        pb.move_to(5.0, 17.0);
        pb.line_to(4.0, 17.0);
        pb.line_to(4.0, 3.0);
        pb.line_to(15.0, 3.0);
        pb.line_to(15.0, 4.0);
    });
    for i in 0..3 {
        let v = 11.0 + 3.0 * i as f32;
        pen.line(1.2, (11.0, v), (17.0, v));
        pen.line(1.2, (v, 11.0), (v, 17.0));
    }
}

/// A clipboard.
fn paste(pen: &mut Pen) {
    pen.round_rect(1.8, 5.0, 5.0, 19.0, 21.5, 2.0);
    pen.fill(|pb| {
        pb.push_rect(tiny_skia::Rect::from_xywh(8.5, 2.5, 7.0, 4.5).expect("rect"));
    });
    for y in [11.5, 15.0, 18.0] {
        pen.line(1.5, (8.5, y), (15.5, y));
    }
}

fn help(pen: &mut Pen) {
    pen.circle(2.0, (12.0, 12.0), 9.5);
    pen.stroke(2.2, |pb| {
        pb.move_to(9.0, 9.5);
        pb.cubic_to(9.0, 5.8, 15.0, 5.8, 15.0, 9.5);
        pb.cubic_to(15.0, 12.0, 12.0, 12.0, 12.0, 14.5);
    });
    pen.dot((12.0, 17.5), 1.4);
}

/// A magnifying glass over a rising line: the engine looks deeper.
fn analysis(pen: &mut Pen) {
    pen.circle(2.2, (10.0, 10.0), 6.5);
    pen.line(2.8, (14.8, 14.8), (20.5, 20.5));
    pen.stroke(1.8, |pb| {
        pb.move_to(6.5, 12.0);
        pb.line_to(9.0, 9.5);
        pb.line_to(11.0, 11.0);
        pb.line_to(13.5, 7.5);
    });
}

/// An opening tree: a trunk from the root that splits into three lines,
/// each ending in a position.
fn explorer(pen: &mut Pen) {
    pen.line(2.0, (12.0, 20.5), (12.0, 13.0));
    pen.stroke(2.0, |pb| {
        pb.move_to(12.0, 13.0);
        pb.line_to(5.5, 6.5);
    });
    pen.stroke(2.0, |pb| {
        pb.move_to(12.0, 13.0);
        pb.line_to(18.5, 6.5);
    });
    pen.line(2.0, (12.0, 13.0), (12.0, 6.0));
    pen.dot((5.0, 5.5), 2.3);
    pen.dot((12.0, 4.5), 2.3);
    pen.dot((19.0, 5.5), 2.3);
    pen.dot((12.0, 20.5), 1.6);
}

/// A framed picture (hills under a sun) with an arrow out of it.
fn export(pen: &mut Pen) {
    pen.stroke(1.8, |pb| {
        pb.move_to(14.0, 4.0);
        pb.line_to(3.5, 4.0);
        pb.line_to(3.5, 19.5);
        pb.line_to(19.5, 19.5);
        pb.line_to(19.5, 12.0);
    });
    pen.fill(|pb| {
        pb.move_to(5.0, 18.0);
        pb.line_to(9.5, 11.5);
        pb.line_to(12.5, 15.0);
        pb.line_to(14.5, 13.0);
        pb.line_to(18.0, 18.0);
        pb.close();
    });
    pen.dot((8.0, 8.0), 1.6);
    pen.line(2.0, (13.5, 9.5), (20.0, 3.0));
    pen.stroke(2.0, |pb| {
        pb.move_to(15.0, 3.0);
        pb.line_to(20.0, 3.0);
        pb.line_to(20.0, 8.0);
    });
}

/// A gear: a ring with eight teeth.
fn settings(pen: &mut Pen) {
    pen.circle(2.2, (12.0, 12.0), 6.0);
    pen.circle(2.0, (12.0, 12.0), 2.2);
    for k in 0..8 {
        let a = k as f32 * std::f32::consts::TAU / 8.0;
        let (s, c) = a.sin_cos();
        pen.line(
            3.2,
            (12.0 + 7.0 * c, 12.0 + 7.0 * s),
            (12.0 + 9.6 * c, 12.0 + 9.6 * s),
        );
    }
}

/// A corner of the board with a pencil across it.
fn edit_position(pen: &mut Pen) {
    pen.stroke(1.6, |pb| {
        pb.move_to(3.5, 15.0);
        pb.line_to(3.5, 3.5);
        pb.line_to(15.0, 3.5);
    });
    pen.line(1.3, (3.5, 9.0), (12.0, 9.0));
    pen.line(1.3, (9.0, 3.5), (9.0, 12.0));
    pen.circle(1.6, (9.0, 9.0), 2.6);
    pen.stroke(1.8, |pb| {
        pb.move_to(20.5, 8.0);
        pb.line_to(10.5, 18.0);
        pb.line_to(9.0, 21.0);
        pb.line_to(12.0, 19.5);
        pb.line_to(22.0, 9.5);
        pb.close();
    });
    pen.line(1.6, (18.5, 10.0), (20.0, 11.5));
}

/// A house: back to the menu.
fn menu(pen: &mut Pen) {
    pen.stroke(2.2, |pb| {
        pb.move_to(3.5, 11.5);
        pb.line_to(12.0, 4.0);
        pb.line_to(20.5, 11.5);
    });
    pen.stroke(2.0, |pb| {
        pb.move_to(6.0, 10.0);
        pb.line_to(6.0, 20.0);
        pb.line_to(18.0, 20.0);
        pb.line_to(18.0, 10.0);
    });
    pen.round_rect(1.6, 10.0, 14.0, 14.0, 20.0, 0.5);
}
