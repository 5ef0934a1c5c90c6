//! The opening explorer's questions: what was played from a position and
//! how it scored, and which games reached it.
//!
//! Both are answered from the position index, by the position's Zobrist
//! key: games that reached it by another move order count too. Results are
//! told for the side to move at the position.

use super::{Database, DbError, Owner, encode, points_for};
use crate::rules::{Color, GameResult, Move, Position};
use rusqlite::params_from_iter;
use rusqlite::types::Value;

/// Which games a question is about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only the player's own games.
    pub mine_only: bool,
    /// Played on or after this date (`2020`, `2020.05`, `2020-05-01`).
    pub since: Option<String>,
    /// Played on or before this date.
    pub until: Option<String>,
    /// A player's name, or part of it, on either side.
    pub player: Option<String>,
}

impl Filter {
    fn is_open(&self) -> bool {
        !self.mine_only && self.since.is_none() && self.until.is_none() && self.player.is_none()
    }

    /// The SQL condition on `games g` and its values.
    fn condition(&self) -> (String, Vec<Value>) {
        let mut parts = Vec::new();
        let mut values = Vec::new();
        if self.mine_only {
            parts.push("g.owner > 0".to_string());
        }
        if let Some(since) = &self.since {
            parts.push("g.date >= ?".to_string());
            values.push(Value::Text(encode::normal_date(since)));
        }
        if let Some(until) = &self.until {
            // `2020` takes in every day of 2020.
            parts.push("g.date <= ?".to_string());
            values.push(Value::Text(format!(
                "{}\u{10ffff}",
                encode::normal_date(until)
            )));
        }
        if let Some(player) = &self.player {
            parts.push("(g.red LIKE ? ESCAPE '\\' OR g.black LIKE ? ESCAPE '\\')".to_string());
            let escaped = player
                .trim()
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_");
            let pattern = format!("%{escaped}%");
            values.push(Value::Text(pattern.clone()));
            values.push(Value::Text(pattern));
        }
        (parts.join(" AND "), values)
    }
}

/// Won, drawn and lost games, for one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Games without a known result.
    pub unknown: u32,
}

impl Tally {
    /// All games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses + self.unknown
    }

    /// Points a game (a win 1, a draw ½) over the games with a result.
    pub fn score(&self) -> Option<f64> {
        let decided = self.wins + self.draws + self.losses;
        (decided > 0)
            .then(|| (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(decided))
    }

    fn count(&mut self, points: Option<i8>, n: u32) {
        match points {
            Some(1) => self.wins += n,
            Some(0) => self.draws += n,
            Some(_) => self.losses += n,
            None => self.unknown += n,
        }
    }
}

/// One move played from the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveStat {
    /// The move.
    pub mv: Move,
    /// How its games went for the side that played it.
    pub all: Tally,
    /// How the player's own games with it went, for the player.
    pub mine: Tally,
}

/// What the database knows of a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explorer {
    /// Games that reached it (each once, however often it stood there).
    pub games: u32,
    /// How they went, for the side to move.
    pub all: Tally,
    /// How the player's own games from here went, for the player.
    pub mine: Tally,
    /// The moves played from it, most played first.
    pub moves: Vec<MoveStat>,
}

/// One game that reached the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id (for [`Database::load`]).
    pub id: i64,
    /// Red's player.
    pub red: String,
    /// Black's player.
    pub black: String,
    /// The event.
    pub event: String,
    /// The date as recorded.
    pub date: String,
    /// The result, if known.
    pub result: Option<GameResult>,
    /// The ply at which it first stood at the position.
    pub ply: u32,
    /// Whose game.
    pub owner: Owner,
}

impl Database {
    /// The moves played from `pos` in the games `filter` lets through, and
    /// how they scored.
    ///
    /// # Errors
    /// SQLite's.
    pub fn explore(&self, pos: &Position, filter: &Filter) -> Result<Explorer, DbError> {
        let side = pos.side_to_move();
        let key = pos.hash() as i64;
        let (sql, mut values) = if filter.is_open() {
            (
                "SELECT mv, result, owner, COUNT(*), COUNT(DISTINCT game) FROM positions WHERE key = ? GROUP BY mv, result, owner"
                    .to_string(),
                Vec::new(),
            )
        } else {
            let (condition, values) = filter.condition();
            (
                format!(
                    "SELECT p.mv, p.result, p.owner, COUNT(*), COUNT(DISTINCT p.game) FROM positions p JOIN games g ON g.id = p.game
                     WHERE p.key = ? AND {condition} GROUP BY p.mv, p.result, p.owner"
                ),
                values,
            )
        };
        values.insert(0, Value::Integer(key));
        let mut q = self.conn().prepare_cached(&sql)?;
        let rows = q.query_map(params_from_iter(values), |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(4)?,
            ))
        })?;
        let mut out = Explorer::default();
        for row in rows {
            let (bits, result, owner, n) = row?;
            let n = n as u32;
            let points = points_for(result, side);
            let owner = Owner::from_code(owner);
            let player = player_side(owner, side);
            // The last position of a game has no move played from it.
            let Some(mv) = Move::from_bits(bits as u16).filter(|m| !m.is_null()) else {
                continue;
            };
            let stat = match out.moves.iter_mut().find(|s| s.mv == mv) {
                Some(s) => s,
                None => {
                    out.moves.push(MoveStat {
                        mv,
                        all: Tally::default(),
                        mine: Tally::default(),
                    });
                    out.moves.last_mut().expect("just pushed")
                }
            };
            stat.all.count(points, n);
            if let Some(player) = player {
                stat.mine.count(points_for(result, player), n);
            }
        }
        (out.all, out.mine) = self.tally_games(key, side, filter)?;
        out.games = out.all.games();
        out.moves.sort_by(|a, b| {
            b.all
                .games()
                .cmp(&a.all.games())
                .then(a.mv.to_bits().cmp(&b.mv.to_bits()))
        });
        Ok(out)
    }

    /// How the games (each once) that reached the key went: all of them for
    /// `side`, the player's own for the player.
    fn tally_games(
        &self,
        key: i64,
        side: Color,
        filter: &Filter,
    ) -> Result<(Tally, Tally), DbError> {
        let (condition, mut values) = filter.condition();
        let sql = if filter.is_open() {
            "SELECT result, owner, COUNT(DISTINCT game) FROM positions WHERE key = ? GROUP BY result, owner".to_string()
        } else {
            format!(
                "SELECT p.result, p.owner, COUNT(DISTINCT p.game) FROM positions p JOIN games g ON g.id = p.game
                 WHERE p.key = ? AND {condition} GROUP BY p.result, p.owner"
            )
        };
        values.insert(0, Value::Integer(key));
        let mut q = self.conn().prepare_cached(&sql)?;
        let rows = q.query_map(params_from_iter(values), |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
            ))
        })?;
        let (mut all, mut mine) = (Tally::default(), Tally::default());
        for row in rows {
            let (result, owner, n) = row?;
            let points = points_for(result, side);
            all.count(points, n as u32);
            if let Some(player) = player_side(Owner::from_code(owner), side) {
                mine.count(points_for(result, player), n as u32);
            }
        }
        Ok((all, mine))
    }

    /// The games that reached `pos`, newest first (by date, then as
    /// added), `limit` of them after skipping `offset`.
    ///
    /// # Errors
    /// SQLite's.
    pub fn games_at(
        &self,
        pos: &Position,
        filter: &Filter,
        offset: u32,
        limit: u32,
    ) -> Result<Vec<GameRow>, DbError> {
        let (condition, mut values) = filter.condition();
        let condition = if condition.is_empty() {
            String::new()
        } else {
            format!("AND {condition}")
        };
        let sql = format!(
            "SELECT g.id, g.red, g.black, g.event, g.date, g.result, MIN(p.ply), g.owner
             FROM positions p JOIN games g ON g.id = p.game
             WHERE p.key = ? {condition}
             GROUP BY g.id ORDER BY g.date DESC, g.id DESC LIMIT ? OFFSET ?"
        );
        values.insert(0, Value::Integer(pos.hash() as i64));
        values.push(Value::Integer(i64::from(limit)));
        values.push(Value::Integer(i64::from(offset)));
        let mut q = self.conn().prepare_cached(&sql)?;
        let rows = q.query_map(params_from_iter(values), |r| {
            Ok(GameRow {
                id: r.get(0)?,
                red: r.get(1)?,
                black: r.get(2)?,
                event: r.get(3)?,
                date: r.get(4)?,
                result: encode::result_from_code(r.get(5)?),
                ply: r.get::<_, i64>(6)? as u32,
                owner: Owner::from_code(r.get(7)?),
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// The side whose results count for the player in a game of `owner`: the
/// player's colour, or the side to move when the player had both.
fn player_side(owner: Owner, to_move: Color) -> Option<Color> {
    match owner {
        Owner::Collected => None,
        Owner::Mine(c) => Some(c),
        Owner::MineBothSides => Some(to_move),
    }
}
