//! The menu's line on the player's rating: the rating, how many games it
//! rests on, a small graph of its recent history, and the level suggested
//! next with a button that chooses it. Shown when a person plays the
//! computer (the only games that are rated).

use super::cards::{RATING_GRAPH, RatingGraph, RatingRow, RatingText, SuggestButton};
use super::*;
use crate::engine::Level;
use crate::game::i18n::level_name;
use crate::game::notice::Notice;
use crate::game::play::rating::PlayerRating;
use crate::store::profile::{PROVISIONAL_GAMES, Profile};
use crate::store::settings::Experience;

/// Rated games the graph shows, at most.
const GRAPH_GAMES: usize = 30;

pub(super) use crate::game::play::rating::suggested_level;

/// "Your rating 1234 (provisional) · 12 games · suggested: 业余三级", or
/// how to get one.
pub(super) fn rating_text(profile: &Profile, said: Option<Experience>, lang: Lang) -> String {
    let Some(rating) = profile.rating else {
        // What the player said on the first start suggests a level.
        if let Some(level) = suggested_level(profile, said).and_then(Level::new) {
            return format!(
                "{} · {} {}",
                Phrase::NoRatingYet.get(lang),
                Phrase::SuggestedLevel.get(lang),
                level_name(level, lang)
            );
        }
        return Phrase::NoRatingYet.get(lang).to_string();
    };
    let mut text = format!("{} {:.0}", Phrase::YourRating.get(lang), rating.round());
    if profile.games < PROVISIONAL_GAMES {
        text.push_str(Phrase::Provisional.get(lang));
    }
    text.push_str(&format!(
        " · {} {}",
        profile.games,
        Phrase::RatedGames.get(lang)
    ));
    if let Some(level) = suggested_level(profile, said).and_then(Level::new) {
        let name = level_name(level, lang);
        text.push_str(&format!(" · {} {name}", Phrase::SuggestedLevel.get(lang)));
    }
    text
}

/// What the row shows now, to redraw only on a change.
#[derive(Default, PartialEq)]
pub(super) struct Shown {
    version: Option<u64>,
    lang: Option<Lang>,
    scale: Option<Scale>,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn show_rating(
    setup: Res<GameSetup>,
    settings: Option<Res<crate::game::settings::UserSettings>>,
    lang: CurrentLang,
    paths: Option<Res<StorePaths>>,
    mut rating: ResMut<PlayerRating>,
    mut notice: ResMut<Notice>,
    mut images: ResMut<Assets<Image>>,
    mut shown: Local<Shown>,
    roots: Query<&MenuRoot>,
    mut rows: Query<&mut Node, With<RatingRow>>,
    mut texts: Query<&mut Text, With<RatingText>>,
    mut graphs: Query<
        (Entity, &mut Node, Option<&ImageNode>),
        (
            With<RatingGraph>,
            Without<RatingRow>,
            Without<SuggestButton>,
        ),
    >,
    mut suggest: Query<&mut Node, (With<SuggestButton>, Without<RatingRow>)>,
    mut commands: Commands,
) {
    let rated_mode = matches!(setup.players.mode, Mode::Red | Mode::Black);
    for mut node in &mut rows {
        set_display(&mut node, rated_mode);
    }
    // Read in place: the profile is not copied each frame.
    let said = settings.as_ref().and_then(|s| s.experience);
    let suggestion = suggested_level(rating.get(paths.as_deref(), &mut notice), said);
    for mut node in &mut suggest {
        set_display(
            &mut node,
            suggestion.is_some_and(|l| l != setup.players.computers.red.level),
        );
    }
    let now = Shown {
        version: Some(rating.version()),
        lang: Some(*lang),
        scale: roots.iter().next().map(|r| r.0),
    };
    // A respawned menu has empty texts.
    let fresh = texts.iter().any(|t| t.0.is_empty());
    if *shown == now && !fresh {
        return;
    }
    *shown = now;
    let Some(profile) = rating.peek() else {
        return;
    };
    for mut text in &mut texts {
        text.0 = rating_text(profile, said, *lang);
    }
    let values: Vec<f64> = profile
        .history
        .iter()
        .rev()
        .take(GRAPH_GAMES)
        .rev()
        .map(|g| g.rating)
        .collect();
    for (entity, mut node, old) in &mut graphs {
        set_display(&mut node, values.len() >= 2);
        if values.len() < 2 {
            continue;
        }
        if let Some(old) = old {
            images.remove(&old.image);
        }
        let image = images.add(graph_image(&values));
        commands.entity(entity).insert(ImageNode::new(image));
    }
}

/// The graph's image size in pixels (twice its logical size at scale 1).
const IMAGE_W: u32 = (RATING_GRAPH.x * 2.0) as u32;
const IMAGE_H: u32 = (RATING_GRAPH.y * 2.0) as u32;

/// The ratings as a line over a faint band, the last one a dot; the
/// vertical range is the ratings' own, at least 100 points.
pub(super) fn graph_image(values: &[f64]) -> Image {
    let mut pixmap =
        tiny_skia::Pixmap::new(IMAGE_W, IMAGE_H).expect("the graph's size is not zero");
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mid = (lo + hi) / 2.0;
    let half = ((hi - lo) / 2.0).max(50.0);
    let (w, h) = (IMAGE_W as f32, IMAGE_H as f32);
    let pad = 5.0;
    let point = |i: usize, v: f64| {
        let x = pad + (w - 2.0 * pad) * i as f32 / (values.len() - 1).max(1) as f32;
        let y = h / 2.0 - ((v - mid) / half) as f32 * (h / 2.0 - pad);
        (x, y)
    };
    let mut band = tiny_skia::Paint::default();
    band.set_color_rgba8(255, 255, 255, 18);
    if let Some(rect) = tiny_skia::Rect::from_xywh(0.0, 0.0, w, h) {
        pixmap.fill_rect(rect, &band, tiny_skia::Transform::identity(), None);
    }
    let mut path = tiny_skia::PathBuilder::new();
    for (i, &v) in values.iter().enumerate() {
        let (x, y) = point(i, v);
        if i == 0 {
            path.move_to(x, y);
        } else {
            path.line_to(x, y);
        }
    }
    let accent = palette::ACCENT.to_srgba();
    let mut paint = tiny_skia::Paint::default();
    paint.set_color_rgba8(
        (accent.red * 255.0) as u8,
        (accent.green * 255.0) as u8,
        (accent.blue * 255.0) as u8,
        255,
    );
    paint.anti_alias = true;
    if let Some(line) = path.finish() {
        let stroke = tiny_skia::Stroke {
            width: 3.0,
            line_join: tiny_skia::LineJoin::Round,
            ..tiny_skia::Stroke::default()
        };
        pixmap.stroke_path(
            &line,
            &paint,
            &stroke,
            tiny_skia::Transform::identity(),
            None,
        );
    }
    let (x, y) = point(values.len() - 1, values[values.len() - 1]);
    if let Some(dot) = tiny_skia::PathBuilder::from_circle(x, y, 4.5) {
        pixmap.fill_path(
            &dot,
            &paint,
            tiny_skia::FillRule::Winding,
            tiny_skia::Transform::identity(),
            None,
        );
    }
    let data = crate::render::straight_rgba(&pixmap);
    crate::game::theme::rgba_image(IMAGE_W, IMAGE_H, data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_says_how_to_get_a_rating_then_the_rating_and_a_suggestion() {
        let mut p = Profile::default();
        assert_eq!(
            rating_text(&p, None, Lang::En),
            Phrase::NoRatingYet.get(Lang::En)
        );
        // Before a rating, what the player said suggests a level.
        let said = rating_text(&p, Some(Experience::KnowsRules), Lang::En);
        assert!(said.contains("Beginner 3"), "{said}");
        p.record(2, Level::new(2).unwrap().rating(), 1.0, 0, 1);
        let text = rating_text(&p, None, Lang::En);
        let r = p.rating.unwrap().round();
        assert!(text.starts_with(&format!("Your rating {r:.0}")), "{text}");
        assert!(text.contains(Phrase::Provisional.get(Lang::En)), "{text}");
        let level = Level::new(suggested_level(&p, None).unwrap()).unwrap();
        assert!(text.ends_with(level.name_en()), "{text}");
    }

    #[test]
    fn the_graph_draws_the_line_inside_its_image() {
        let img = graph_image(&[1000.0, 1040.0, 1010.0, 1100.0]);
        let data = img.data.as_ref().unwrap();
        let opaque = data.chunks(4).filter(|p| p[3] > 200).count();
        assert!(opaque > 100, "the line and the dot: {opaque} pixels");
        // The last point (highest) is near the top right: the dot is there.
        let at = |x: u32, y: u32| data[((y * IMAGE_W + x) * 4 + 3) as usize];
        assert!(at(IMAGE_W - 6, 5) > 200);
        // One rating only still draws (a flat line).
        let flat = graph_image(&[900.0, 900.0]);
        assert!(flat.data.as_ref().unwrap().chunks(4).any(|p| p[3] > 200));
    }
}
