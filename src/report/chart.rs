//! What every chart shares: the SVG canvas (plotters' SVG backend into a string), the
//! colours, the text styles, nice axis ranges, and the `<figure>` that holds a chart with
//! its title, legend and a caption saying how to read it.
//!
//! Every chart marks its data with shapes of the data colours only (circles, bars, cells,
//! lines) and draws axes and grids in greys, and its figure says in `data-points` how many
//! data marks it holds, so a test can count them in the SVG.

use super::fmt::esc;
use crate::error::{Error, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::Pos;

/// The canvas every chart draws on.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Width of every chart in SVG pixels (the page scales it to its column).
pub const WIDTH: u32 = 880;

/// Series colours, colour-blind safe (Okabe–Ito, with the yellow darkened to read on white).
pub const PALETTE: [RGBColor; 8] = [
    RGBColor(0x00, 0x72, 0xB2),
    RGBColor(0xE6, 0x9F, 0x00),
    RGBColor(0x00, 0x9E, 0x73),
    RGBColor(0xD5, 0x5E, 0x00),
    RGBColor(0xCC, 0x79, 0xA7),
    RGBColor(0x56, 0xB4, 0xE9),
    RGBColor(0x6B, 0x6B, 0x6B),
    RGBColor(0xA8, 0x90, 0x00),
];

/// The colour of series `i` (cycling).
pub fn color(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// Hex text of a colour, for the HTML legend.
pub fn hex(c: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// Dark text.
pub const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
/// Secondary text (axis labels, annotations).
pub const MUTED: RGBColor = RGBColor(0x5f, 0x63, 0x68);
/// Axis lines.
pub const AXIS: RGBColor = RGBColor(0xb0, 0xb4, 0xba);
/// Grid lines.
pub const GRID: RGBColor = RGBColor(0xe6, 0xe8, 0xeb);

/// A text style of `px` pixels (plotters writes its size / 1.24 as the SVG font size).
pub fn font(px: f64, c: RGBColor) -> TextStyle<'static> {
    TextStyle {
        font: ("sans-serif", px * 1.24).into_font(),
        color: c.to_backend_color(),
        pos: Pos::default(),
    }
}

/// A chart failure (a plotters drawing error) as an error of ours.
pub fn chart_err(e: impl std::fmt::Display) -> Error {
    Error::Other(format!("drawing a chart: {e}"))
}

/// Draws onto a fresh white `WIDTH` x `height` SVG canvas and returns the SVG text, made to
/// scale with the page and labelled for screen readers.
pub fn svg(height: u32, label: &str, draw: impl FnOnce(&Area) -> Result<()>) -> Result<String> {
    svg_sized((WIDTH, height), label, draw)
}

/// [`svg`] on a canvas of any size.
pub fn svg_sized(
    size: (u32, u32),
    label: &str,
    draw: impl FnOnce(&Area) -> Result<()>,
) -> Result<String> {
    let mut buf = String::new();
    {
        let root = SVGBackend::with_string(&mut buf, size).into_drawing_area();
        root.fill(&WHITE).map_err(chart_err)?;
        draw(&root)?;
        root.present().map_err(chart_err)?;
    }
    Ok(buf.replacen(
        "<svg ",
        &format!("<svg role=\"img\" aria-label=\"{}\" ", esc(label)),
        1,
    ))
}

/// A range around `lo..hi` with a margin of `pad` of its span on each side (never empty).
pub fn padded(lo: f64, hi: f64, pad: f64) -> (f64, f64) {
    let (lo, hi) = if lo.is_finite() && hi.is_finite() {
        (lo.min(hi), lo.max(hi))
    } else {
        (0.0, 1.0)
    };
    let span = if hi > lo { hi - lo } else { lo.abs().max(1.0) };
    (lo - pad * span, hi + pad * span)
}

/// A "nice" step (1, 2 or 5 times a power of ten) that cuts `span` into at most `n` parts.
pub fn nice_step(span: f64, n: usize) -> f64 {
    if span <= 0.0 || !span.is_finite() {
        return 1.0;
    }
    let raw = span / n.max(1) as f64;
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * p)
        .find(|s| *s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * p)
}

/// A chart with its title, an optional legend, and a caption on how to read it. `kind` and
/// `points` (the number of data marks) are written as attributes for tests and scripts.
pub fn figure(
    kind: &str,
    points: usize,
    title: &str,
    legend: &str,
    svg: &str,
    how: &str,
) -> String {
    format!(
        "<figure class=\"chart\" data-chart=\"{kind}\" data-points=\"{points}\">\n\
         <div class=\"chart-title\">{}</div>\n{legend}<div class=\"svg\">{svg}</div>\n\
         <figcaption>{how}</figcaption>\n</figure>\n",
        esc(title)
    )
}

/// An HTML legend: a colour swatch and a name per series.
pub fn legend(items: &[(String, RGBColor)]) -> String {
    let spans: Vec<String> = items
        .iter()
        .map(|(name, c)| {
            format!(
                "<span><i style=\"background:{}\"></i>{}</span>",
                hex(*c),
                esc(name)
            )
        })
        .collect();
    format!("<div class=\"legend\">{}</div>\n", spans.join(""))
}

/// Draws `text` at backend pixel `at`, anchored by `pos`.
pub fn label(root: &Area, text: &str, at: (i32, i32), style: &TextStyle, pos: Pos) -> Result<()> {
    root.draw(&Text::new(text.to_string(), at, style.pos(pos)))
        .map_err(chart_err)
}

/// The rough width in pixels of `text` at `px` (for laying out label columns).
pub fn text_width(text: &str, px: f64) -> u32 {
    (text.chars().count() as f64 * px * 0.58).ceil() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_and_ranges_are_nice() {
        assert_eq!(nice_step(100.0, 10), 10.0);
        assert_eq!(nice_step(7.0, 10), 1.0);
        assert_eq!(nice_step(0.3, 10), 0.05);
        assert_eq!(padded(1.0, 1.0, 0.1), (0.9, 1.1));
        let (a, b) = padded(0.0, 10.0, 0.1);
        assert!((a + 1.0).abs() < 1e-12 && (b - 11.0).abs() < 1e-12);
    }
}
