//! `xiangqi review FILE [--game N] [--depth D | --movetime MS]`: the engine
//! searches every position of a recorded game (any format `rules::records`
//! reads) and judges every move: one line per move with the ply, the move
//! in ICCS and in the notation of `--lang` (Chinese; Vietnamese notation for
//! `vi`, Traditional characters for `zh-Hant`), the judgement and the
//! evaluation before and after (Red's view, in soldiers; `+M3` is a mate in
//! 3 for Red), then a summary per side. See `engine::review` for the
//! thresholds.

use super::CliError;
use crate::engine::review::{self, GameReview, Judgement, SideSummary};
use crate::engine::{DEFAULT_HASH_MB, Engine, Limits, Score};
use crate::rules::notation::{Charset, Notation};
use crate::rules::{Color, Move, Position};
use crate::teach::{self, Comment, Explainer, Kind};
use crate::words::{Language, Writing};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `review`.
#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// The game: PGN, XQF, DhtmlXQ, dpxq text, PlayOK WXF or a move list.
    file: PathBuf,
    /// Which game of the file, 1 = first.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    game: u32,
    /// Search every position to this depth.
    #[arg(long, conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: Option<u32>,
    /// Search every position this many milliseconds (default 500).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    movetime: Option<u64>,
    /// Print Chinese notation in traditional characters.
    #[arg(long)]
    traditional: bool,
    /// The language of the sentences that say why a move was weak.
    #[arg(long, value_parser = ["zh", "zh-Hant", "en", "vi"], default_value = "en")]
    lang: String,
}

/// Reviews the game and prints the report.
///
/// # Errors
/// A [`CliError`] naming the file and what is wrong with it.
pub fn run(args: &ReviewArgs) -> Result<(), CliError> {
    let opened = super::replay::read_record(&args.file, args.game)?;
    let start = *opened.game.start();
    let moves = opened.game.all_moves().to_vec();
    if moves.is_empty() {
        return Err(CliError::new(format!(
            "{}: the game has no moves to review",
            args.file.display()
        )));
    }
    let limits = match (args.depth, args.movetime) {
        (Some(d), _) => Limits {
            depth: Some(d),
            ..Limits::default()
        },
        (None, ms) => Limits {
            movetime: Some(Duration::from_millis(ms.unwrap_or(500))),
            ..Limits::default()
        },
    };
    let mut engine = Engine::try_new(DEFAULT_HASH_MB).map_err(CliError::new)?;
    let stop = AtomicBool::new(false);
    let show_progress = io::stderr().is_terminal();
    let result = review::review_game(
        &mut engine,
        &start,
        &moves,
        &limits,
        &stop,
        &mut |done, total| {
            if show_progress {
                eprint!("\ranalysing position {done}/{total}");
                if done == total {
                    eprint!("\r{:40}\r", "");
                }
            }
        },
    )
    .map_err(|e| CliError::new(format!("{}: {e}", args.file.display())))?;
    let charset = if args.traditional {
        Charset::Traditional
    } else {
        Charset::Simplified
    };
    let title = match (opened.tag("Red"), opened.tag("Black")) {
        (Some(r), Some(b)) => format!("{r} – {b}"),
        _ => args.file.display().to_string(),
    };
    let title = super::output::escape_controls(&title);
    let mut out = io::stdout().lock();
    let lang = Language::ALL
        .into_iter()
        .find(|l| l.code() == args.lang)
        .unwrap_or(Language::En);
    super::output::finish(print(
        &mut out, &title, &start, &moves, &result, &limits, charset, lang,
    ))
}

/// The report: a header, one line per move, a summary per side. Moves are
/// written as `lang`'s players write them (Vietnamese notation in
/// Vietnamese, Traditional characters in Traditional Chinese, `charset`
/// otherwise); a mate the teacher proves shorter than the search's score
/// shows in the score columns too, so the column and the sentence agree.
pub(crate) fn print(
    out: &mut impl Write,
    title: &str,
    start: &Position,
    moves: &[Move],
    review: &GameReview,
    limits: &Limits,
    charset: Charset,
    lang: Language,
) -> io::Result<()> {
    let mut explainer = Explainer::default();
    let mut history = Vec::new();
    let writing = Writing::new(lang, Notation::Chinese, charset);
    header(out, title, start, moves, limits, lang)?;
    let mut pos = *start;
    for (m, r) in moves.iter().zip(&review.moves) {
        let mover = pos.side_to_move();
        let better = if r.judgement >= Judgement::Inaccuracy && !r.before.best.is_null() {
            let line: Vec<String> = r.before.line.iter().take(6).map(Move::to_string).collect();
            format!(
                "  better: {} {} ({})",
                r.before.best,
                writing.move_text(&pos, r.before.best),
                line.join(" ")
            )
        } else {
            String::new()
        };
        let comment = comment(&mut explainer, review, r, &pos, &history, *m);
        let (mate_before, mate_after) = comment.as_ref().map_or((None, None), proven_mates);
        let before = red_view(
            shorter(review.positions[r.ply].score, mover, mate_before),
            mover,
        );
        let written = padded(&writing.move_text(&pos, *m));
        history.push(pos);
        pos.make(*m);
        let after_score = shorter(review.positions[r.ply + 1].score, mover.flip(), mate_after);
        let after = red_view(after_score, mover.flip());
        writeln!(
            out,
            "{:>4}  {:<5} {written}  {:<10} {:>7} {:>7}{better}",
            r.ply + 1,
            m.to_string(),
            r.judgement.word(),
            before,
            after,
        )?;
        if let Some(c) = comment {
            writeln!(out, "{:>6}{}", "", c.text(lang))?;
        }
    }
    for side in [Color::Red, Color::Black] {
        writeln!(out, "{}", summary_line(side, &review.summary(side)))?;
    }
    out.flush()
}

/// The report's first lines: the game, the opening (its Chinese name in
/// the language's characters), the columns.
fn header(
    out: &mut impl Write,
    title: &str,
    start: &Position,
    moves: &[Move],
    limits: &Limits,
    lang: Language,
) -> io::Result<()> {
    let effort = match (limits.depth, limits.movetime) {
        (Some(d), _) => format!("depth {d}"),
        (_, Some(t)) => format!("{} ms", t.as_millis()),
        _ => String::new(),
    };
    writeln!(
        out,
        "review: {title}, {} moves, {effort} a position",
        moves.len()
    )?;
    if let Some(o) = crate::ecco::classify(start, moves) {
        let zh = lang.chinese(o.zh);
        match o.en {
            Some(en) => writeln!(out, "opening: {} {zh} ({en})", o.code)?,
            None => writeln!(out, "opening: {} {zh}", o.code)?,
        }
    }
    writeln!(
        out,
        "{:>4}  {:<5} {:<6}  {:<10} {:>7} {:>7}",
        "ply", "move", "", "judgement", "before", "after"
    )
}

/// A move written for the table's column: Chinese moves are four
/// characters of two columns each; the others are padded to the same width.
fn padded(text: &str) -> String {
    if text.is_ascii() {
        format!("{text:<8}")
    } else {
        text.to_string()
    }
}

/// What the teacher says of a move: why a weak one was weak, or what a
/// strong one did.
fn comment(
    explainer: &mut Explainer,
    review: &GameReview,
    r: &review::MoveReview,
    pos: &Position,
    history: &[Position],
    m: Move,
) -> Option<Comment> {
    if r.judgement >= Judgement::Inaccuracy {
        let reply = review
            .positions
            .get(r.ply + 1)
            .map(|p| p.best)
            .filter(|b| !b.is_null());
        teach::why(explainer, pos, history, m, reply, r.before.best)
            .map(|w| Comment::Weak(Box::new(w)))
    } else {
        review
            .noting(r.ply)
            .and_then(|n| teach::strong(explainer, pos, history, m, n))
            .map(|s| Comment::Strong(Box::new(s)))
    }
}

/// A mate the teacher proved: who mates, in how many of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Proven {
    mater: Color,
    moves: i32,
}

/// The mates a comment proves, for the position before the move and the
/// one after it: a strong move's mate (its mover mates in n, then in
/// n − 1), a better move's mate (before), the mate a weak move allowed
/// (after).
fn proven_mates(c: &Comment) -> (Option<Proven>, Option<Proven>) {
    let mate = |m: &teach::Motif| {
        (m.kind == Kind::Mate)
            .then_some(m.mate_in)
            .flatten()
            .map(|n| Proven {
                mater: m.side,
                moves: n as i32,
            })
    };
    match c {
        Comment::Strong(s) => {
            let before = mate(&s.did.motif);
            let after = before.map(|p| Proven {
                moves: p.moves - 1,
                ..p
            });
            (before, after)
        }
        Comment::Weak(w) => (
            w.better.as_ref().and_then(|b| mate(&b.motif)),
            w.allowed.as_ref().and_then(|a| mate(&a.motif)),
        ),
    }
}

/// `score` (for `to_move`) with a mate the teacher proved shorter: the
/// search at a low depth may find a quiet first move late and report a
/// longer mate than there is.
fn shorter(score: Score, to_move: Color, proven: Option<Proven>) -> Score {
    let Some(p) = proven else {
        return score;
    };
    match score {
        Score::Mate(d) if to_move == p.mater && d > p.moves => Score::Mate(p.moves),
        Score::Mate(d) if to_move != p.mater && d < 0 && -d > p.moves => Score::Mate(-p.moves),
        _ => score,
    }
}

fn summary_line(side: Color, s: &SideSummary) -> String {
    let counts: Vec<String> = Judgement::ALL
        .iter()
        .map(|&j| format!("{} {}", j.word(), s.count(j)))
        .collect();
    let name = match side {
        Color::Red => "red:  ",
        Color::Black => "black:",
    };
    format!(
        "{name} accuracy {:.1} %, {} moves: {}",
        s.accuracy,
        s.moves,
        counts.join(", ")
    )
}

/// A score for the side to move, printed from Red's side: `+0.35`,
/// `-1.20`, `+M3` (Red mates in 3), `-M0` (Red is mated).
fn red_view(score: Score, to_move: Color) -> String {
    match (score, to_move) {
        // Mated now: the side to move has lost.
        (Score::Mate(0), Color::Red) => "-M0".to_string(),
        (Score::Mate(0), Color::Black) => "+M0".to_string(),
        _ => match score.for_red(to_move) {
            Score::Cp(c) => format!("{:+.2}", f64::from(c) / 100.0),
            Score::Mate(n) => format!("{}M{}", if n > 0 { '+' } else { '-' }, n.abs()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_print_from_reds_side() {
        assert_eq!(red_view(Score::Cp(35), Color::Red), "+0.35");
        assert_eq!(red_view(Score::Cp(35), Color::Black), "-0.35");
        assert_eq!(red_view(Score::Mate(2), Color::Black), "-M2");
        assert_eq!(red_view(Score::Mate(-2), Color::Black), "+M2");
        assert_eq!(red_view(Score::Mate(0), Color::Black), "+M0");
        assert_eq!(red_view(Score::Mate(0), Color::Red), "-M0");
    }
}
