//! The opening explorer's questions: what was played from a position and
//! how it scored, and which games reached it.
//!
//! Both are answered from the position index, by the position's Zobrist
//! key: games that reached it by another move order count too. Results are
//! told for the side to move at the position.

use super::{Database, DbError, Owner, encode, points_for};
use crate::rules::{Color, GameResult, Move, Position};
use rusqlite::types::Value;
use rusqlite::{params, params_from_iter};

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
    /// An ECCO code or the start of one (`C20`, `C2`, `C`, in capitals; see
    /// [`crate::ecco::CodePrefix`]): games whose opening has it.
    pub opening: Option<String>,
}

impl Filter {
    /// Does every game count (no filter)?
    pub fn is_open(&self) -> bool {
        !self.mine_only
            && self.since.is_none()
            && self.until.is_none()
            && self.player.is_none()
            && self.opening.is_none()
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
        if let Some(prefix) = &self.opening {
            // A range on the code, so the index on it serves: `C2` takes
            // C20 … C29, `C` every C code.
            parts.push("(g.ecco >= ? AND g.ecco < ?)".to_string());
            values.push(Value::Text(prefix.clone()));
            values.push(Value::Text(format!("{prefix}\u{7f}")));
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
    /// Its ECCO opening code (`C20`), empty when it has none.
    pub ecco: String,
}

impl Database {
    /// The moves played from `pos` in the games `filter` lets through, and
    /// how they scored.
    ///
    /// # Errors
    /// SQLite's.
    pub fn explore(&self, pos: &Position, filter: &Filter) -> Result<Explorer, DbError> {
        self.ecco_column(filter)?;
        let side = pos.side_to_move();
        let key = pos.hash() as i64;
        // One pass over the position's rows, in game order (the index's
        // order): a game that stood here more than once is counted once,
        // and once for each different move it played from here. Counting
        // here beats SQL's COUNT(DISTINCT …) several times over on a
        // position that 100,000 games share.
        let (sql, mut values) = if filter.is_open() {
            (
                "SELECT game, mv, result, owner FROM positions WHERE key = ? ORDER BY game"
                    .to_string(),
                Vec::new(),
            )
        } else {
            let (condition, values) = filter.condition();
            (
                format!(
                    "SELECT p.game, p.mv, p.result, p.owner FROM positions p JOIN games g ON g.id = p.game
                     WHERE p.key = ? AND {condition} ORDER BY p.game"
                ),
                values,
            )
        };
        values.insert(0, Value::Integer(key));
        let mut q = self.conn().prepare_cached(&sql)?;
        let mut rows = q.query(params_from_iter(values))?;
        let mut out = Explorer::default();
        let mut game = None;
        let mut played: Vec<u16> = Vec::new();
        while let Some(r) = rows.next()? {
            let (id, bits, result, owner) = (
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)? as u16,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
            );
            let points = points_for(result, side);
            let player = player_side(Owner::from_code(owner), side);
            if game != Some(id) {
                game = Some(id);
                played.clear();
                out.all.count(points, 1);
                if let Some(player) = player {
                    out.mine.count(points_for(result, player), 1);
                }
            }
            if played.contains(&bits) {
                continue;
            }
            played.push(bits);
            // The last position of a game has no move played from it.
            let Some(mv) = Move::from_bits(bits).filter(|m| !m.is_null()) else {
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
            stat.all.count(points, 1);
            if let Some(player) = player {
                stat.mine.count(points_for(result, player), 1);
            }
        }
        out.games = out.all.games();
        out.moves.sort_by(|a, b| {
            b.all
                .games()
                .cmp(&a.all.games())
                .then(a.mv.to_bits().cmp(&b.mv.to_bits()))
        });
        Ok(out)
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
        let key = pos.hash() as i64;
        let by_date = self.walk_by_date(key, offset, limit)?;
        self.games_at_by(key, filter, offset, limit, by_date)
    }

    /// Which way to find a page of the games through `key`. Walking the
    /// games newest first and keeping those that stood there looks at about
    /// `(offset + limit) · total / n` games for a position `n` of them
    /// reached; gathering the `n` games and sorting them costs about `n`.
    /// The first wins on positions most games share (the start position
    /// of 100,000 games: a few ms instead of some 80), the second on rare
    /// ones.
    pub(super) fn walk_by_date(&self, key: i64, offset: u32, limit: u32) -> Result<bool, DbError> {
        let total: i64 =
            self.conn()
                .query_row("SELECT COALESCE(MAX(id), 0) FROM games", [], |r| r.get(0))?;
        let need = f64::from(offset.saturating_add(limit).max(1));
        let threshold = (need * total as f64).sqrt().ceil() as i64;
        let n: i64 = self.conn().query_row(
            "SELECT COUNT(*) FROM (SELECT 1 FROM positions WHERE key = ?1 LIMIT ?2)",
            params![key, threshold + 1],
            |r| r.get(0),
        )?;
        Ok(n > threshold)
    }

    pub(super) fn games_at_by(
        &self,
        key: i64,
        filter: &Filter,
        offset: u32,
        limit: u32,
        by_date: bool,
    ) -> Result<Vec<GameRow>, DbError> {
        let ecco = self.ecco_column(filter)?;
        let (condition, mut values) = filter.condition();
        let condition = if condition.is_empty() {
            String::new()
        } else {
            format!("AND {condition}")
        };
        let sql = if by_date {
            format!(
                "SELECT g.id, g.red, g.black, g.event, g.date, g.result,
                        (SELECT MIN(p.ply) FROM positions p WHERE p.key = ?1 AND p.game = g.id), g.owner, {ecco}
                 FROM games g INDEXED BY games_date
                 WHERE EXISTS (SELECT 1 FROM positions p WHERE p.key = ?1 AND p.game = g.id) {condition}
                 ORDER BY g.date DESC, g.id DESC LIMIT ? OFFSET ?"
            )
        } else {
            format!(
                "SELECT g.id, g.red, g.black, g.event, g.date, g.result, MIN(p.ply), g.owner, {ecco}
                 FROM positions p JOIN games g ON g.id = p.game
                 WHERE p.key = ?1 {condition}
                 GROUP BY g.id ORDER BY g.date DESC, g.id DESC LIMIT ? OFFSET ?"
            )
        };
        values.insert(0, Value::Integer(key));
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
                ecco: r.get(8)?,
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
