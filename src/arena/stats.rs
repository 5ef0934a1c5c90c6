//! Match statistics: score, Elo difference with its 95 % interval, and a
//! sequential probability ratio test (SPRT).
//!
//! The model. Each game scores 1, ½ or 0 for the first engine; games are
//! independent draws from one trinomial distribution. The score fraction
//! `p` is the mean, and its standard error is `sqrt(var / n)` with `var`
//! the per-game variance observed (draws make it smaller than a coin's).
//! Elo differences map to expected scores by the logistic curve
//! `p = 1 / (1 + 10^(-elo/400))`; the 95 % interval is `p ± 1.96 σ`
//! mapped through the inverse curve.
//!
//! The SPRT tests H0: elo = elo0 against H1: elo = elo1 with the
//! generalised SPRT's normal approximation (as Fishtest's "logistic"
//! model): with `s0`, `s1` the expected scores of the two hypotheses,
//! `LLR = n (s1 − s0)(2 p − s0 − s1) / (2 var)`. The test accepts H1
//! when the LLR reaches `ln((1 − β)/α)`, accepts H0 when it falls to
//! `ln(β/(1 − α))`, and otherwise goes on. As in Fishtest, the counts are
//! regularised first: a result that has not happened counts as 0.001 of a
//! game, so the variance of a run of identical results (fifty losses) is
//! small but not zero and the test decides instead of staying at 0.
//! Because that variance is so small while one result is all there is, no
//! verdict is given before [`SPRT_MIN_GAMES`] games (a single win would
//! otherwise "prove" H1).

/// Games an SPRT needs before it may decide.
pub const SPRT_MIN_GAMES: u32 = 10;

/// Wins, draws and losses from the first engine's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Adds one game's score (1, 0.5 or 0).
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// Score fraction (0..1); 0.5 with no games.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
        }
    }

    /// Per-game variance of the score.
    pub fn variance(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let p = self.score();
        (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n
    }

    /// Elo difference and the half-width of its 95 % interval
    /// (infinite when the score is 0 or 1).
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        let p = self.score();
        let elo = elo_of(p);
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let sigma = (self.variance() / n).sqrt();
        let lo = elo_of(p - 1.96 * sigma);
        let hi = elo_of(p + 1.96 * sigma);
        (elo, ((hi - lo) / 2.0).abs())
    }
}

/// Elo difference for a score fraction (clamped to ±∞ at 0 and 1).
pub fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// Expected score for an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// SPRT parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// What the SPRT concludes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accept H1 (the first engine is at least elo1 stronger).
    H1,
    /// Accept H0.
    H0,
    /// Not decided yet.
    Continue,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::H1 => "H1 accepted",
            Verdict::H0 => "H0 accepted",
            Verdict::Continue => "undecided",
        })
    }
}

/// SPRT parameters that cannot be used: what is wrong, in words.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtParseError {
    #[error("SPRT parameter '{0}' is not NAME=VALUE")]
    NotNameValue(String),
    #[error("SPRT parameter {name}: '{value}' is not a number")]
    NotANumber { name: String, value: String },
    #[error("unknown SPRT parameter '{0}' (elo0, elo1, alpha, beta)")]
    Unknown(String),
    #[error("the SPRT needs elo0 and elo1")]
    MissingElo,
    #[error("the SPRT needs elo1 greater than elo0")]
    EloOrder,
    #[error("SPRT {name} must be between 0 and 0.5, not {value}")]
    OutOfRange { name: &'static str, value: f64 },
}

impl std::str::FromStr for Sprt {
    type Err = SprtParseError;
    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05` (any order; alpha and beta default to 0.05).
    fn from_str(s: &str) -> Result<Sprt, SprtParseError> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| SprtParseError::NotNameValue(part.to_string()))?;
            let v: f64 = v
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| SprtParseError::NotANumber {
                    name: k.to_string(),
                    value: v.to_string(),
                })?;
            match k.trim() {
                "elo0" => sprt.elo0 = v,
                "elo1" => sprt.elo1 = v,
                "alpha" => sprt.alpha = v,
                "beta" => sprt.beta = v,
                other => return Err(SprtParseError::Unknown(other.to_string())),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err(SprtParseError::MissingElo);
        }
        if sprt.elo1 <= sprt.elo0 {
            return Err(SprtParseError::EloOrder);
        }
        for (name, value) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtParseError::OutOfRange { name, value });
            }
        }
        Ok(sprt)
    }
}

impl Sprt {
    /// Lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Log-likelihood ratio of the results so far (0 before any game).
    pub fn llr(&self, t: &Tally) -> f64 {
        if t.games() == 0 {
            return 0.0;
        }
        // Fishtest's regularisation: an empty outcome counts 0.001 games.
        let count = |k: u32| if k == 0 { 1e-3 } else { f64::from(k) };
        let (w, d, l) = (count(t.wins), count(t.draws), count(t.losses));
        let n = w + d + l;
        let p = (w + 0.5 * d) / n;
        let var = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * p - s0 - s1) / (2.0 * var)
    }

    /// The test's verdict (never before [`SPRT_MIN_GAMES`] games).
    pub fn verdict(&self, t: &Tally) -> Verdict {
        if t.games() < SPRT_MIN_GAMES {
            return Verdict::Continue;
        }
        let llr = self.llr(t);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// One game for [`fit_ratings`]: two players (indices) and the first one's
/// score (1, ½ or 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairing {
    /// The first player.
    pub a: usize,
    /// The second player.
    pub b: usize,
    /// The first player's score.
    pub score: f64,
}

/// A fitted rating: the value, its 95 % interval's half width, and what
/// it rests on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// On the anchored scale.
    pub elo: f64,
    /// Half the 95 % interval (±), from the fit's curvature.
    pub margin: f64,
    /// Games played.
    pub games: u32,
    /// Points scored in them.
    pub points: f64,
}

/// Virtual draws each player gets against every opponent it met, so a
/// player who won (or lost) every game still has a finite rating (the
/// prior BayesElo uses, in its simplest form).
pub const PRIOR_DRAWS: f64 = 1.0;

/// Fits ratings to every game at once by maximum likelihood, as BayesElo
/// and Ordo do: the logistic model `E(a beats b) = 1 / (1 + 10^((Rb − Ra)/400))`,
/// a draw counting half, with [`PRIOR_DRAWS`] virtual draws per pair that
/// met. Solved by the minorise–maximise iteration on `10^(R/400)`
/// (Zermelo's), which converges for any results; then shifted so that
/// player `anchor.0` has rating `anchor.1`. A player with no games gets
/// the anchor's rating and an infinite margin.
///
/// # Examples
/// ```
/// use xiangqi::arena::stats::{Pairing, fit_ratings};
/// // B scores 3 of 4 against A: about +190 (+150 with the prior's draws).
/// let games: Vec<Pairing> = [1.0, 1.0, 1.0, 0.0]
///     .iter()
///     .map(|&s| Pairing { a: 1, b: 0, score: s })
///     .collect();
/// let r = fit_ratings(2, &games, (0, 1500.0));
/// assert_eq!(r[0].elo, 1500.0);
/// assert!((r[1].elo - 1500.0 - 147.0).abs() < 3.0, "{}", r[1].elo);
/// ```
pub fn fit_ratings(players: usize, games: &[Pairing], anchor: (usize, f64)) -> Vec<Rating> {
    let field = Field::new(players, games);
    let gamma = field.strengths();
    let scale = 400.0 / std::f64::consts::LN_10;
    let raw: Vec<f64> = gamma.iter().map(|g| scale * g.ln()).collect();
    let shift = anchor.1 - raw.get(anchor.0).copied().unwrap_or(0.0);
    (0..players)
        .map(|i| Rating {
            elo: if field.played[i] == 0 || i == anchor.0 {
                anchor.1
            } else {
                raw[i] + shift
            },
            margin: field.margin(i, &gamma, scale),
            games: field.played[i],
            points: field.scored[i],
        })
        .collect()
}

/// The games as [`fit_ratings`] sees them, player by player.
struct Field {
    /// Each player's opponents in index order, with the games between
    /// them, the prior's draws included: only the pairs that met, so a
    /// field of many players who each met a few costs what its games do
    /// (a players × players table did not fit in memory for 60,000 players).
    opponents: Vec<Vec<(usize, f64)>>,
    /// Points, with half of each pair's virtual draws.
    points: Vec<f64>,
    /// Games played.
    played: Vec<u32>,
    /// Points scored in them.
    scored: Vec<f64>,
}

impl Field {
    /// Tallies `games` (those between two different players of the field).
    fn new(players: usize, games: &[Pairing]) -> Field {
        let mut met: std::collections::HashMap<(usize, usize), f64> =
            std::collections::HashMap::new();
        let mut points = vec![0.0f64; players];
        let mut played = vec![0u32; players];
        let mut scored = vec![0.0f64; players];
        for g in games
            .iter()
            .filter(|g| g.a < players && g.b < players && g.a != g.b)
        {
            *met.entry((g.a.min(g.b), g.a.max(g.b))).or_default() += 1.0;
            points[g.a] += g.score;
            points[g.b] += 1.0 - g.score;
            played[g.a] += 1;
            played[g.b] += 1;
            scored[g.a] += g.score;
            scored[g.b] += 1.0 - g.score;
        }
        let mut pairs: Vec<((usize, usize), f64)> = met.into_iter().collect();
        pairs.sort_unstable_by_key(|&(pair, _)| pair);
        let mut opponents: Vec<Vec<(usize, f64)>> = vec![Vec::new(); players];
        for ((i, j), count) in pairs {
            // Half of the pair's virtual draws on each side.
            let count = count + PRIOR_DRAWS;
            opponents[i].push((j, count));
            opponents[j].push((i, count));
            points[i] += PRIOR_DRAWS / 2.0;
            points[j] += PRIOR_DRAWS / 2.0;
        }
        Field {
            opponents,
            points,
            played,
            scored,
        }
    }

    /// Each player's strength `10^(R/400)` up to a common factor, by the
    /// minorise–maximise iteration, normalised to a geometric mean of 1.
    fn strengths(&self) -> Vec<f64> {
        let players = self.points.len();
        let mut gamma = vec![1.0f64; players];
        for _ in 0..10_000 {
            let mut change = 0.0f64;
            for i in 0..players {
                let denom: f64 = self.opponents[i]
                    .iter()
                    .map(|&(j, count)| count / (gamma[i] + gamma[j]))
                    .sum();
                if denom > 0.0 && self.points[i] > 0.0 {
                    let next = self.points[i] / denom;
                    change = change.max((next / gamma[i]).ln().abs());
                    gamma[i] = next;
                }
            }
            // Keep the scale from drifting (only differences mean anything).
            let mean = gamma.iter().map(|g| g.ln()).sum::<f64>() / players.max(1) as f64;
            for g in &mut gamma {
                *g /= mean.exp();
            }
            if change < 1e-10 {
                break;
            }
        }
        gamma
    }

    /// Player `i`'s 95 % margin at the strengths `gamma`, with `scale`
    /// Elo per natural-log unit; infinite with no games.
    fn margin(&self, i: usize, gamma: &[f64], scale: f64) -> f64 {
        // The curvature of the log-likelihood in R_i: Σ n p (1 − p) / scale².
        let info: f64 = self.opponents[i]
            .iter()
            .map(|&(j, count)| {
                let p = gamma[i] / (gamma[i] + gamma[j]);
                count * p * (1.0 - p)
            })
            .sum::<f64>()
            / (scale * scale);
        if info > 0.0 {
            1.96 / info.sqrt()
        } else {
            f64::INFINITY
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_its_interval() {
        let t = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!((t.score() - 0.7).abs() < 1e-12);
        let (elo, err) = t.elo();
        assert!((elo - 147.2).abs() < 0.5, "{elo}");
        assert!(err > 40.0 && err < 100.0, "{err}");
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        assert!(even.elo().0.abs() < 1e-9);
        assert!((score_of(elo_of(0.3)) - 0.3).abs() < 1e-12);
    }

    #[test]
    fn sprt_decides_clear_results_and_waits_on_close_ones() {
        let s: Sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05".parse().unwrap();
        let (lo, hi) = s.bounds();
        assert!((hi - 2.944).abs() < 0.01 && (lo + 2.944).abs() < 0.01);
        let strong = Tally {
            wins: 300,
            draws: 100,
            losses: 100,
        };
        assert_eq!(s.verdict(&strong), Verdict::H1);
        let weak = Tally {
            wins: 100,
            draws: 100,
            losses: 300,
        };
        assert_eq!(s.verdict(&weak), Verdict::H0);
        let close = Tally {
            wins: 10,
            draws: 10,
            losses: 10,
        };
        assert_eq!(s.verdict(&close), Verdict::Continue);
        assert!("elo0=5,elo1=0".parse::<Sprt>().is_err());
        assert!("elo0=0".parse::<Sprt>().is_err());
        assert!("elo0=0,elo1=5,gamma=1".parse::<Sprt>().is_err());
        assert!("elo0=0,elo1=x".parse::<Sprt>().is_err());
    }

    #[test]
    fn sprt_decides_when_every_game_has_the_same_result() {
        let s: Sprt = "elo0=0,elo1=10".parse().unwrap();
        let hopeless = Tally {
            wins: 0,
            draws: 0,
            losses: 50,
        };
        assert_eq!(s.verdict(&hopeless), Verdict::H0, "{}", s.llr(&hopeless));
        let flawless = Tally {
            wins: 50,
            draws: 0,
            losses: 0,
        };
        assert_eq!(s.verdict(&flawless), Verdict::H1, "{}", s.llr(&flawless));
        // All draws: no evidence either way that reaches a bound soon.
        let drawn = Tally {
            wins: 0,
            draws: 10,
            losses: 0,
        };
        assert!(s.llr(&drawn) < 0.0);
        assert_eq!(s.llr(&Tally::default()), 0.0);
        // One result, however lopsided, decides nothing yet.
        for t in [
            Tally {
                wins: 1,
                draws: 0,
                losses: 0,
            },
            Tally {
                wins: 0,
                draws: 9,
                losses: 0,
            },
            Tally {
                wins: 0,
                draws: 0,
                losses: SPRT_MIN_GAMES - 1,
            },
        ] {
            assert_eq!(s.verdict(&t), Verdict::Continue, "{t:?}");
        }
    }

    #[test]
    fn ratings_fit_every_game_together_and_follow_the_anchor() {
        let mut games = Vec::new();
        let mut add = |a: usize, b: usize, w: u32, d: u32, l: u32| {
            for _ in 0..w {
                games.push(Pairing { a, b, score: 1.0 });
            }
            for _ in 0..d {
                games.push(Pairing { a, b, score: 0.5 });
            }
            for _ in 0..l {
                games.push(Pairing { a, b, score: 0.0 });
            }
        };
        // A ladder: 1 beats 0 by 70 %, 2 beats 1 by 70 %, and 2 beats 0 by 85 %.
        add(1, 0, 60, 20, 20);
        add(2, 1, 60, 20, 20);
        add(2, 0, 80, 10, 10);
        let r = fit_ratings(3, &games, (0, 1000.0));
        assert_eq!(r[0].elo, 1000.0);
        assert!(r[0].elo < r[1].elo && r[1].elo < r[2].elo);
        // Each step is about the 70 % score's +147 Elo.
        for (lo, hi) in [(0, 1), (1, 2)] {
            let step = r[hi].elo - r[lo].elo;
            assert!((120.0..200.0).contains(&step), "{lo}->{hi}: {step}");
        }
        assert!(r[1].margin > 0.0 && r[1].margin < 100.0, "{}", r[1].margin);
        assert_eq!(r[2].games, 200);
        // Moving the anchor moves every rating by the same amount.
        let moved = fit_ratings(3, &games, (2, 2000.0));
        for i in 0..3 {
            let d = (moved[i].elo - r[i].elo) - (2000.0 - r[2].elo);
            assert!(d.abs() < 1e-6, "{i}: {d}");
        }
        // A player who won every game still gets a finite rating, above.
        let sweep = vec![
            Pairing {
                a: 1,
                b: 0,
                score: 1.0
            };
            10
        ];
        let r = fit_ratings(2, &sweep, (0, 0.0));
        assert!(r[1].elo.is_finite() && r[1].elo > 200.0, "{}", r[1].elo);
        // Someone who never played sits at the anchor, unmeasured.
        let r = fit_ratings(3, &sweep, (0, 0.0));
        assert_eq!(r[2].games, 0);
        assert!(r[2].margin.is_infinite());
    }

    #[test]
    fn a_field_of_many_players_who_met_few_is_fitted_in_little_memory() {
        // 60,000 players in 30,000 games took a players ×
        // players table (29 GB) and aborted.
        let players = 60_000;
        let games: Vec<Pairing> = (0..players / 2)
            .map(|k| Pairing {
                a: 2 * k,
                b: 2 * k + 1,
                score: if k % 2 == 0 { 1.0 } else { 0.5 },
            })
            .collect();
        let started = std::time::Instant::now();
        let r = fit_ratings(players, &games, (0, 1000.0));
        assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
        assert_eq!(r.len(), players);
        assert_eq!(r[0].elo, 1000.0);
        // Each pair's winner is above its loser; a drawn pair is level.
        assert!(r[5].elo < r[4].elo, "{} {}", r[4].elo, r[5].elo);
        assert!((r[2].elo - r[3].elo).abs() < 1e-6);
        assert!(r.iter().all(|x| x.elo.is_finite() && x.games == 1));
    }
}
