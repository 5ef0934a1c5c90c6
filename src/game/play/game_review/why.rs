//! Why the move shown was weak, or what it did when it was one of the
//! best worth noting, in words the rules can prove ([`crate::teach::why`],
//! [`crate::teach::strong`]): found off the main thread when the board
//! shows a move of the reviewed game, kept per move, and read by the
//! review card. The frame never waits for it.

use super::{GameReviewState, ReviewedGame};
use crate::engine::review::Judgement;
use crate::game::GameSet;
use crate::game::Screen;
use crate::game::play::browse::{Browse, shown_ply};
use crate::game::play::search::OffThreadSearch;
use crate::game::play::session::Session;
use crate::rules::{Move, Position};
use crate::teach::{self, Comment, Explainer};
use bevy::prelude::*;
use std::collections::HashMap;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ReviewWhy>().add_systems(
        Update,
        explain_shown
            .after(super::job::poll_job)
            .in_set(GameSet::Resolve)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// Which move of which game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Key {
    start: u64,
    ply: usize,
    played: Move,
    best: Move,
}

impl Key {
    fn of(reviewed: &ReviewedGame, i: usize) -> Option<Key> {
        let m = reviewed.review.moves.get(i)?;
        Some(Key {
            start: reviewed.start.hash(),
            ply: i,
            played: m.played,
            best: m.before.best,
        })
    }
}

/// The comments found so far, and the one being found.
#[derive(Resource, Default)]
pub struct ReviewWhy {
    found: HashMap<Key, Option<Comment>>,
    running: Option<(Key, OffThreadSearch<Comment>)>,
}

impl ReviewWhy {
    /// What the review says about move `i` (0 = the first) of `reviewed`,
    /// once found: why it was weak, or what it did.
    pub fn of(&self, reviewed: &ReviewedGame, i: usize) -> Option<&Comment> {
        self.found.get(&Key::of(reviewed, i)?)?.as_ref()
    }

    /// Whether move `i` of `reviewed` has been looked at (whether or not
    /// there was something to say).
    #[cfg(test)]
    pub fn looked_at(&self, reviewed: &ReviewedGame, i: usize) -> bool {
        Key::of(reviewed, i).is_some_and(|k| self.found.contains_key(&k))
    }
}

fn explain_shown(
    state: Res<GameReviewState>,
    session: Res<Session>,
    browse: Res<Browse>,
    mut why: ResMut<ReviewWhy>,
) {
    if let Some((key, search)) = &mut why.running
        && let Some(found) = search.poll()
    {
        let key = *key;
        why.found.insert(key, found);
        why.running = None;
    }
    let Some(reviewed) = state.for_session(&session) else {
        return;
    };
    let Some(i) = shown_ply(&session, Some(&browse)).checked_sub(1) else {
        return;
    };
    let Some(m) = reviewed.review.moves.get(i) else {
        return;
    };
    let Some(key) = Key::of(reviewed, i) else {
        return;
    };
    let weak = m.judgement >= Judgement::Inaccuracy;
    let noting = reviewed.review.noting(i);
    if !weak && noting.is_none()
        || why.found.contains_key(&key)
        || why.running.as_ref().is_some_and(|(k, _)| *k == key)
    {
        return;
    }
    let mut pos = reviewed.start;
    let mut history: Vec<Position> = Vec::with_capacity(i);
    for &mv in &reviewed.moves[..i] {
        history.push(pos);
        pos.make(mv);
    }
    let (played, best) = (m.played, m.before.best);
    let reply = reviewed
        .review
        .positions
        .get(i + 1)
        .map(|p| p.best)
        .filter(|b| !b.is_null());
    // A new move shown drops the search for the old one (it stops).
    let search = OffThreadSearch::start_at(pos, history.clone(), 0, 0.0, move |_| {
        let explainer = &mut Explainer::default();
        match noting {
            Some(n) if !weak => teach::strong(explainer, &pos, &history, played, n)
                .map(|s| Comment::Strong(Box::new(s))),
            _ => teach::why(explainer, &pos, &history, played, reply, best)
                .map(|w| Comment::Weak(Box::new(w))),
        }
    });
    why.running = Some((key, search));
}
