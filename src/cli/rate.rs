//! `xiangqi rate FILES… [--anchor NAME=ELO]`: ratings for every player of
//! some match PGNs, fitted to all their games at once
//! ([`crate::arena::stats::fit_ratings`]).

use super::CliError;
use super::output::{cells, escape_controls, padded};
use crate::arena::stats::{Pairing, Rating, fit_ratings};
use crate::rules::Color;
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
        let bytes = super::input::read_collection_noting(file)?;
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
            let Some(score) = game.result.map(|r| r.points_for(Color::Red)) else {
                self.unfinished += 1;
                return;
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
    let games = read.pairings();
    let order: Vec<&str> = read.names.keys().map(String::as_str).collect();
    let (anchor_name, anchor_elo) = match &args.anchor {
        Some((name, elo)) => {
            if !read.names.contains_key(name) {
                return Err(unknown_anchor(name, &order));
            }
            (name.as_str(), *elo)
        }
        None => (order[0], 0.0),
    };
    let anchor = read.index(anchor_name);
    let mut ratings = fit_ratings(order.len(), &games, (anchor, anchor_elo));
    let group = groups(order.len(), &games, anchor);
    let count = group.iter().max().map_or(1, |g| g + 1);
    rate_groups_apart(&mut ratings, &group, count, anchor_elo);
    let table = Table {
        games: games.len(),
        shown: order.iter().map(|n| escape_controls(n)).collect(),
        ratings,
        group,
        count,
        anchor_name,
        anchor_elo,
        left_out: read.left_out(),
    };
    let written = table.write(&mut std::io::stdout().lock());
    super::output::finish(written)
}

impl Games {
    /// Numbers the players in name order, so the output does not depend
    /// on file order; returns the games by those numbers.
    fn pairings(&mut self) -> Vec<Pairing> {
        for (i, index) in self.names.values_mut().enumerate() {
            *index = i;
        }
        self.pairs
            .iter()
            .map(|(a, b, s)| Pairing {
                a: self.index(a),
                b: self.index(b),
                score: *s,
            })
            .collect()
    }

    /// The number of the player `name`.
    fn index(&self, name: &str) -> usize {
        self.names.get(name).copied().unwrap_or(0)
    }
}

/// `--anchor` names no player of the games: the error lists (the first
/// 20 of) the players, in `order`.
fn unknown_anchor(name: &str, order: &[&str]) -> CliError {
    let mut shown: Vec<String> = order.iter().take(20).map(|n| escape_controls(n)).collect();
    if order.len() > 20 {
        shown.push(format!("and {} more", order.len() - 20));
    }
    CliError::new(format!(
        "--anchor: '{}' played none of these games (players: {})",
        escape_controls(name),
        shown.join(", ")
    ))
}

/// A group that met no one of the anchor's has a scale of its own: its
/// first player is put at the anchor's rating.
fn rate_groups_apart(ratings: &mut [Rating], group: &[usize], count: usize, anchor_elo: f64) {
    let mut first = vec![usize::MAX; count];
    for (i, &g) in group.iter().enumerate() {
        if first[g] == usize::MAX {
            first[g] = i;
        }
    }
    for g in 1..count {
        let shift = anchor_elo - ratings[first[g]].elo;
        for (r, _) in ratings.iter_mut().zip(group).filter(|&(_, &of)| of == g) {
            r.elo += shift;
        }
    }
}

/// The ratings as printed.
struct Table<'a> {
    /// Games fitted.
    games: usize,
    /// The players' names, escaped, by number.
    shown: Vec<String>,
    ratings: Vec<Rating>,
    /// Each player's group (0: the anchor's).
    group: Vec<usize>,
    /// How many groups.
    count: usize,
    anchor_name: &'a str,
    anchor_elo: f64,
    /// What was left out, for the header.
    left_out: String,
}

impl Table<'_> {
    /// The header, the players best first, then the groups rated apart.
    fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(
            out,
            "{} games, {} players; {} anchored at {}{}",
            self.games,
            self.shown.len(),
            escape_controls(self.anchor_name),
            whole(self.anchor_elo),
            self.left_out
        )?;
        self.write_rows(out)?;
        if self.count > 1 {
            self.write_groups(out)?;
        }
        out.flush()
    }

    /// The table, best first.
    fn write_rows(&self, out: &mut impl Write) -> std::io::Result<()> {
        let ratings = &self.ratings;
        let mut rows: Vec<usize> = (0..self.shown.len()).collect();
        rows.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
        let width = self
            .shown
            .iter()
            .map(|n| cells(n))
            .max()
            .unwrap_or(6)
            .max(6);
        writeln!(
            out,
            "{:>4}  {}  {:>6}  {:>5}  {:>5}  {:>6}",
            "rank",
            padded("player", width),
            "rating",
            "±",
            "games",
            "score"
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
                "{:>4}  {}  {:>6}  {:>5}  {:>5}  {:>5.1} %{}",
                rank + 1,
                padded(&self.shown[i], width),
                whole(r.elo),
                margin,
                r.games,
                100.0 * r.points / f64::from(r.games.max(1)),
                if self.group[i] > 0 {
                    format!("  (group {})", self.group[i] + 1)
                } else {
                    String::new()
                }
            )?;
        }
        Ok(())
    }

    /// The groups rated on scales of their own, by name.
    fn write_groups(&self, out: &mut impl Write) -> std::io::Result<()> {
        let count = self.count;
        writeln!(
            out,
            "{} met no player of {}'s: each is rated on a scale of its own, its first player at {}:",
            match count - 1 {
                1 => "1 group".to_string(),
                n => format!("{n} groups"),
            },
            escape_controls(self.anchor_name),
            whole(self.anchor_elo)
        )?;
        for g in 1..count.min(GROUPS_NAMED + 1) {
            let members: Vec<&str> = (0..self.shown.len())
                .filter(|&i| self.group[i] == g)
                .take(6)
                .map(|i| self.shown[i].as_str())
                .collect();
            writeln!(out, "  group {}: {}", g + 1, members.join(", "))?;
        }
        if count > GROUPS_NAMED + 1 {
            writeln!(out, "  and {} more groups", count - GROUPS_NAMED - 1)?;
        }
        Ok(())
    }
}

/// A rating or margin to the unit, never `-0`.
fn whole(x: f64) -> String {
    format!("{:.0}", x.round() + 0.0)
}
