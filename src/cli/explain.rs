//! `xiangqi explain [--fen FEN] [--moves M…] [--move M] [--json] [--lang zh|zh-Hant|en|vi]`:
//! what a move does (or what stands in the position, without `--move`),
//! as the teacher's motifs: one sentence a line, or one JSON object with
//! `motifs`, each with its `kind`, the pieces and points, the line that
//! shows it and its `text`. Moves are read as the language writes them (a
//! text that is a different legal move in WXF and in Vietnamese notation is
//! read in Vietnamese for `--lang vi`, refused as ambiguous otherwise) and
//! written in its notation: `move_text` and each motif's `line_text` in the
//! JSON (`move_chinese` and `line_chinese` stay Simplified Chinese, for the
//! scripts that read them).

use super::CliError;
use crate::rules::notation::parse_typed_move;
use crate::rules::{Move, Position, START_FEN, to_chinese, to_iccs};
use crate::teach::{Explainer, Motif, sentence, words};
use crate::words::{Language, Writing};
use std::io::Write;

/// Arguments of `explain`.
#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// The position (default: the standard opening).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Moves played from it first (ICCS, WXF or Chinese; spaces or commas between).
    #[arg(long, num_args = 1.., value_delimiter = ',', value_name = "MOVE")]
    moves: Vec<String>,
    /// The move to explain (without it: the position's motifs).
    #[arg(long = "move", value_name = "MOVE")]
    the_move: Option<String>,
    /// One JSON object instead of sentences.
    #[arg(long)]
    json: bool,
    /// The sentences' language.
    #[arg(long, value_parser = ["zh", "zh-Hant", "en", "vi"], default_value = "en")]
    lang: String,
}

fn played(pos: &mut Position, text: &str, what: &str, lang: Language) -> Result<Move, CliError> {
    let prefer = Some(Writing::from(lang).notation);
    let m = parse_typed_move(pos, text, prefer)
        .map_err(|e| CliError::new(format!("{what} '{text}': {e}")))?;
    pos.play(m)
        .map_err(|e| CliError::new(format!("{what} '{text}': {e}")))?;
    Ok(m)
}

/// Explains and prints.
///
/// # Errors
/// A bad FEN, a move that cannot be read or is not legal (naming it and
/// its number), output that cannot be written.
pub fn run(args: &ExplainArgs) -> Result<(), CliError> {
    let lang = Language::ALL
        .into_iter()
        .find(|l| l.code() == args.lang)
        .unwrap_or(Language::En);
    let start =
        Position::from_fen(&args.fen).map_err(|e| CliError::new(format!("bad FEN: {e}")))?;
    let game = super::moves::play(start, &args.moves, Some(Writing::from(lang).notation))?;
    let pos = *game.position();
    let (positions, _) = game.history();
    let history = &positions[..positions.len() - 1];
    let mut explainer = Explainer::default();
    let (the_move, motifs) = match &args.the_move {
        Some(text) => {
            let mut after = pos;
            let m = played(&mut after, text, "--move", lang)?;
            (Some(m), explainer.of_move(&pos, history, m))
        }
        None => (None, explainer.of_position(&pos, history)),
    };
    let mut out = std::io::stdout().lock();
    let writing = Writing::from(lang);
    let written = if args.json {
        let object = serde_json::json!({
            "fen": pos.fen(),
            "move": the_move.map(to_iccs),
            "move_text": the_move.map(|m| writing.move_text(&pos, m)),
            "move_chinese": the_move.map(|m| to_chinese(&pos, m, crate::rules::Charset::Simplified)),
            "motifs": motifs.iter().map(|m| json(m, lang)).collect::<Vec<_>>(),
        });
        writeln!(out, "{object}")
    } else {
        (|| -> std::io::Result<()> {
            if let Some(m) = the_move {
                // The move as the language's players write it.
                writeln!(out, "{} ({})", writing.move_text(&pos, m), to_iccs(m))?;
            }
            if motifs.is_empty() {
                let none = match lang {
                    Language::Zh => "没有值得一提的战术",
                    Language::ZhHant => "沒有值得一提的戰術",
                    Language::En => "nothing tactical to note",
                    Language::Vi => "không có gì đáng chú ý về chiến thuật",
                };
                writeln!(out, "{none}")?;
            }
            for m in &motifs {
                writeln!(out, "{}: {}", m.kind.name(), sentence(m, lang))?;
            }
            Ok(())
        })()
    };
    super::output::finish(written)
}

fn json(m: &Motif, lang: Language) -> serde_json::Value {
    let side = |c: crate::rules::Color| {
        if c == crate::rules::Color::Red {
            "red"
        } else {
            "black"
        }
    };
    serde_json::json!({
        "kind": m.kind.name(),
        "side": side(m.side),
        "squares": m.pieces.iter().map(|(s, _)| s.to_string()).collect::<Vec<_>>(),
        "pieces": m.pieces.iter().map(|(s, p)| serde_json::json!({
            "square": s.to_string(),
            "piece": p.kind.name(),
            "color": side(p.color),
        })).collect::<Vec<_>>(),
        "line": m.line.iter().map(|&x| to_iccs(x)).collect::<Vec<_>>(),
        "line_text": words::line_text(&m.start, &m.line, lang),
        "line_chinese": words::line_text(&m.start, &m.line, Language::Zh),
        "gain": m.gain,
        "mate_in": m.mate_in,
        "pattern": m.pattern.map(|p| p.key()),
        "text": sentence(m, lang),
    })
}
