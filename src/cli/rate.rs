//! `xiangqi rate FILES… [--anchor NAME=ELO]`: ratings for every player of
//! some match PGNs, fitted to all their games at once
//! ([`crate::arena::stats::fit_ratings`]).

use super::CliError;
use super::output::escape_controls;
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
        .filter(|e: &f64| e.is_finite() && e.abs() <= MOST_ELO)
        .ok_or_else(|| {
            format!("'{s}': '{elo}' is not a rating (a number from -{MOST_ELO} to {MOST_ELO})")
        })?;
    if name.trim().is_empty() {
        return Err(format!("'{s}': the player's name is empty"));
    }
    Ok((name.trim().to_string(), elo))
}

/// The largest anchor taken: ratings far past it print as nonsense.
const MOST_ELO: f64 = 100_000.0;

/// Groups listed by name after the table, at most.
const GROUPS_NAMED: usize = 5;

/// What the files held, for the fit.
#[derive(Default)]
struct Games {
    /// Each player's index, names in order.
    names: BTreeMap<String, usize>,
    /// Red, Black and Red's score.
    pairs: Vec<(String, String, f64)>,
    unreadable: usize,
    unfinished: usize,
    /// Games a player played against itself (the fit has nothing to learn from them).
    self_games: usize,
}

impl Games {
    fn read(&mut self, file: &std::path::Path) -> Result<(), CliError> {
        // A collection's limit, read a few hundred games at a time.
        let bytes = crate::store::record::read_collection_bytes(file)
            .map_err(|e| CliError::new(format!("cannot read {}: {e}", file.display())))?;
        crate::store::record::for_each_game(&bytes, |_, game| {
            let Ok(game) = game else {
                self.unreadable += 1;
                return;
            };
            let name = |tag| game.tag(tag).map(str::trim).filter(|n| !n.is_empty());
            let (Some(red), Some(black)) = (name("Red"), name("Black")) else {
                self.unreadable += 1;
                return;
            };
            let score = match game.result {
                Some(GameResult::RedWins) => 1.0,
                Some(GameResult::Draw) => 0.5,
                Some(GameResult::BlackWins) => 0.0,
                None => {
                    self.unfinished += 1;
                    return;
                }
            };
            if red == black {
                self.self_games += 1;
                return;
            }
            for name in [red, black] {
                if !self.names.contains_key(name) {
                    self.names.insert(name.to_string(), 0);
                }
            }
            self.pairs.push((red.to_string(), black.to_string(), score));
        });
        Ok(())
    }

    /// What was left out, for the header.
    fn left_out(&self) -> String {
        let mut parts = Vec::new();
        for (n, what) in [
            (self.unreadable, "unreadable"),
            (self.unfinished, "unfinished"),
            (self.self_games, "self-play"),
        ] {
            if n > 0 {
                parts.push(format!("{n} {what}"));
            }
        }
        match parts.len() {
            0 => String::new(),
            _ => format!(" ({} games left out)", parts.join(", ")),
        }
    }
}

/// Each player's group: players joined by the games between them (0 = the
/// anchor's, then in order of each group's first player).
fn groups(players: usize, games: &[Pairing], anchor: usize) -> Vec<usize> {
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut parent: Vec<usize> = (0..players).collect();
    for g in games {
        let (a, b) = (root(&mut parent, g.a), root(&mut parent, g.b));
        parent[a.max(b)] = a.min(b);
    }
    let mut number = std::collections::HashMap::new();
    number.insert(root(&mut parent, anchor), 0);
    (0..players)
        .map(|i| {
            let r = root(&mut parent, i);
            let next = number.len();
            *number.entry(r).or_insert(next)
        })
        .collect()
}

/// Reads the games, fits the ratings and prints the table, best first.
///
/// # Errors
/// A file that cannot be read, no finished game between two named
/// players, an anchor that played none of them; output that cannot be
/// written.
pub fn run(args: &RateArgs) -> Result<(), CliError> {
    let mut read = Games::default();
    for file in &args.files {
        read.read(file)?;
    }
    if read.pairs.is_empty() {
        return Err(CliError::new(
            "no finished game with Red and Black tags in those files",
        ));
    }
    // Indices in name order, so the output does not depend on file order.
    for (i, index) in read.names.values_mut().enumerate() {
        *index = i;
    }
    let order: Vec<&str> = read.names.keys().map(String::as_str).collect();
    let index = |name: &str| read.names.get(name).copied().unwrap_or(0);
    let games: Vec<Pairing> = read
        .pairs
        .iter()
        .map(|(a, b, s)| Pairing {
            a: index(a),
            b: index(b),
            score: *s,
        })
        .collect();
    let (anchor_name, anchor_elo) = match &args.anchor {
        Some((name, elo)) => {
            if !read.names.contains_key(name) {
                let mut shown: Vec<String> =
                    order.iter().take(20).map(|n| escape_controls(n)).collect();
                if order.len() > 20 {
                    shown.push(format!("and {} more", order.len() - 20));
                }
                return Err(CliError::new(format!(
                    "--anchor: '{}' played none of these games (players: {})",
                    escape_controls(name),
                    shown.join(", ")
                )));
            }
            (name.as_str(), *elo)
        }
        None => (order[0], 0.0),
    };
    let anchor = index(anchor_name);
    let mut ratings = fit_ratings(order.len(), &games, (anchor, anchor_elo));
    // A group that met no one of the anchor's has a scale of its own: its
    // first player is put at the anchor's rating, and it is named.
    let group = groups(order.len(), &games, anchor);
    let count = group.iter().max().map_or(1, |g| g + 1);
    let mut first = vec![usize::MAX; count];
    for (i, &g) in group.iter().enumerate() {
        if first[g] == usize::MAX {
            first[g] = i;
        }
    }
    for g in 1..count {
        let shift = anchor_elo - ratings[first[g]].elo;
        for (r, _) in ratings.iter_mut().zip(&group).filter(|&(_, &of)| of == g) {
            r.elo += shift;
        }
    }
    let mut rows: Vec<usize> = (0..order.len()).collect();
    rows.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    let shown: Vec<String> = order.iter().map(|n| escape_controls(n)).collect();
    let width = shown
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut out = std::io::stdout().lock();
    let written = (|| {
        writeln!(
            out,
            "{} games, {} players; {} anchored at {}{}",
            games.len(),
            order.len(),
            escape_controls(anchor_name),
            whole(anchor_elo),
            read.left_out()
        )?;
        writeln!(
            out,
            "{:>4}  {:<width$}  {:>6}  {:>5}  {:>5}  {:>6}",
            "rank", "player", "rating", "±", "games", "score"
        )?;
        for (rank, &i) in rows.iter().enumerate() {
            let r = ratings[i];
            let margin = if r.margin.is_finite() {
                whole(r.margin)
            } else {
                "-".to_string()
            };
            writeln!(
                out,
                "{:>4}  {:<width$}  {:>6}  {:>5}  {:>5}  {:>5.1} %{}",
                rank + 1,
                shown[i],
                whole(r.elo),
                margin,
                r.games,
                100.0 * r.points / f64::from(r.games.max(1)),
                if group[i] > 0 {
                    format!("  (group {})", group[i] + 1)
                } else {
                    String::new()
                }
            )?;
        }
        if count > 1 {
            writeln!(
                out,
                "{} met no player of {}'s: each is rated on a scale of its own, its first player at {}:",
                match count - 1 {
                    1 => "1 group".to_string(),
                    n => format!("{n} groups"),
                },
                escape_controls(anchor_name),
                whole(anchor_elo)
            )?;
            for g in 1..count.min(GROUPS_NAMED + 1) {
                let members: Vec<&str> = (0..order.len())
                    .filter(|&i| group[i] == g)
                    .take(6)
                    .map(|i| shown[i].as_str())
                    .collect();
                writeln!(out, "  group {}: {}", g + 1, members.join(", "))?;
            }
            if count > GROUPS_NAMED + 1 {
                writeln!(out, "  and {} more groups", count - GROUPS_NAMED - 1)?;
            }
        }
        out.flush()
    })();
    super::output::finish(written)
}

/// A rating or margin to the unit, never `-0`.
fn whole(x: f64) -> String {
    format!("{:.0}", x.round() + 0.0)
}
