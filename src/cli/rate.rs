//! `xiangqi rate FILES… [--anchor NAME=ELO]`: ratings for every player of
//! some match PGNs, fitted to all their games at once
//! ([`crate::arena::stats::fit_ratings`]).

use super::CliError;
use crate::arena::stats::{Pairing, fit_ratings};
use crate::rules::GameResult;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `rate`.
#[derive(clap::Args, Debug)]
pub struct RateArgs {
    /// Match PGN files (as `xiangqi match --pgn-out` writes them).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The player the scale is anchored to, and its rating (`NAME=ELO`);
    /// without it the first player by name is at 0.
    #[arg(long, value_name = "NAME=ELO", value_parser = parse_anchor)]
    anchor: Option<(String, f64)>,
}

fn parse_anchor(s: &str) -> Result<(String, f64), String> {
    let (name, elo) = s
        .rsplit_once('=')
        .ok_or_else(|| format!("'{s}': expected NAME=ELO"))?;
    let elo: f64 = elo
        .trim()
        .parse()
        .ok()
        .filter(|e: &f64| e.is_finite())
        .ok_or_else(|| format!("'{s}': '{elo}' is not a rating"))?;
    if name.trim().is_empty() {
        return Err(format!("'{s}': the player's name is empty"));
    }
    Ok((name.trim().to_string(), elo))
}

/// Reads the games, fits the ratings and prints the table, best first.
///
/// # Errors
/// A file that cannot be read, no finished game between two named
/// players, an anchor that played none of them; output that cannot be
/// written.
pub fn run(args: &RateArgs) -> Result<(), CliError> {
    let mut names: BTreeMap<String, usize> = BTreeMap::new();
    let mut pairs: Vec<(String, String, f64)> = Vec::new();
    let mut unreadable = 0;
    let mut unfinished = 0;
    for file in &args.files {
        let bytes = crate::store::record::read_record_bytes(file)
            .map_err(|e| CliError::new(format!("cannot read {}: {e}", file.display())))?;
        for game in crate::rules::pgn::read_pgn_games(&bytes) {
            let Ok(game) = game else {
                unreadable += 1;
                continue;
            };
            let (Some(red), Some(black)) = (game.tag("Red"), game.tag("Black")) else {
                unreadable += 1;
                continue;
            };
            let score = match game.result {
                Some(GameResult::RedWins) => 1.0,
                Some(GameResult::Draw) => 0.5,
                Some(GameResult::BlackWins) => 0.0,
                None => {
                    unfinished += 1;
                    continue;
                }
            };
            for name in [red, black] {
                let next = names.len();
                names.entry(name.to_string()).or_insert(next);
            }
            pairs.push((red.to_string(), black.to_string(), score));
        }
    }
    if pairs.is_empty() {
        return Err(CliError::new(
            "no finished game with Red and Black tags in those files",
        ));
    }
    // Indices in name order, so the output does not depend on file order.
    let order: Vec<String> = names.keys().cloned().collect();
    let indices: BTreeMap<&str, usize> = order
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let index = |name: &str| indices.get(name).copied().unwrap_or(0);
    let games: Vec<Pairing> = pairs
        .iter()
        .map(|(a, b, s)| Pairing {
            a: index(a),
            b: index(b),
            score: *s,
        })
        .collect();
    let (anchor_name, anchor_elo) = match &args.anchor {
        Some((name, elo)) => {
            if !names.contains_key(name) {
                return Err(CliError::new(format!(
                    "--anchor: '{name}' played none of these games (players: {})",
                    order.join(", ")
                )));
            }
            (name.clone(), *elo)
        }
        None => (order[0].clone(), 0.0),
    };
    let ratings = fit_ratings(order.len(), &games, (index(&anchor_name), anchor_elo));
    let mut rows: Vec<usize> = (0..order.len()).collect();
    rows.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    let width = order
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut out = std::io::stdout().lock();
    let written = (|| {
        writeln!(
            out,
            "{} games, {} players; {anchor_name} anchored at {anchor_elo:.0}{}",
            games.len(),
            order.len(),
            match (unreadable, unfinished) {
                (0, 0) => String::new(),
                (r, u) => format!(" ({r} unreadable and {u} unfinished games left out)"),
            }
        )?;
        writeln!(
            out,
            "{:>4}  {:<width$}  {:>6}  {:>5}  {:>5}  {:>6}",
            "rank", "player", "rating", "±", "games", "score"
        )?;
        for (rank, &i) in rows.iter().enumerate() {
            let r = ratings[i];
            let margin = if r.margin.is_finite() {
                format!("{:.0}", r.margin)
            } else {
                "-".to_string()
            };
            writeln!(
                out,
                "{:>4}  {:<width$}  {:>6.0}  {:>5}  {:>5}  {:>5.1} %",
                rank + 1,
                order[i],
                r.elo,
                margin,
                r.games,
                100.0 * r.points / f64::from(r.games.max(1)),
            )?;
        }
        out.flush()
    })();
    super::output::finish(written)
}
