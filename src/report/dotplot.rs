//! The dot-and-interval chart: one row per item (a seat, a team, a strategy, a variant), a
//! dot at the estimate and a line across its 95% interval, an optional dashed reference line
//! (a fair share, or zero difference), and the estimate written beside each row. Win rates,
//! ratings and the compare forest plot are all this chart.

use super::chart::{
    AXIS, Area, GRID, INK, MUTED, chart_err, font, label, padded, svg_sized, text_width,
};
use crate::error::Result;
use plotters::coord::types::RangedCoordf64;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One row of the chart.
pub struct Dot {
    /// The row's name, left of the axis.
    pub label: String,
    /// The estimate.
    pub value: f64,
    /// The interval (NaN when there is none).
    pub lo: f64,
    /// The interval's upper end.
    pub hi: f64,
    /// The dot's colour.
    pub color: RGBColor,
    /// A filled dot (else hollow: e.g. not significant).
    pub filled: bool,
    /// Text beside the row (the estimate as people read it).
    pub note: String,
}

/// What to draw.
pub struct DotPlot<'a> {
    /// The rows, top to bottom.
    pub dots: &'a [Dot],
    /// The x axis's title.
    pub x_desc: &'a str,
    /// How tick labels read (e.g. as percentages).
    pub fmt: &'a dyn Fn(f64) -> String,
    /// A dashed vertical reference line (a fair share, no difference).
    pub reference: Option<f64>,
    /// Fixed x range, else from the data.
    pub range: Option<(f64, f64)>,
    /// What the chart shows, for screen readers.
    pub alt: &'a str,
    /// The canvas width ([`super::chart::WIDTH`] for a full-width chart).
    pub width: u32,
}

const ROW: u32 = 30;

/// The chart's SVG and the number of dots drawn (rows with a finite estimate).
pub fn draw(p: &DotPlot) -> Result<(String, usize)> {
    let n = p.dots.len();
    let height = 24 + ROW * n as u32 + 56;
    let label_w = p
        .dots
        .iter()
        .map(|d| text_width(&d.label, 13.0))
        .max()
        .unwrap_or(0)
        .clamp(60, p.width / 3)
        + 18;
    let finite = |x: f64| x.is_finite().then_some(x);
    let (lo, hi) = p.range.unwrap_or_else(|| {
        let vals = p
            .dots
            .iter()
            .flat_map(|d| [d.value, d.lo, d.hi])
            .chain(p.reference)
            .filter_map(finite);
        let lo = vals.clone().fold(f64::INFINITY, f64::min);
        let hi = vals.fold(f64::NEG_INFINITY, f64::max);
        padded(lo, hi, 0.08)
    });
    let mut drawn = 0;
    let svg = svg_sized((p.width, height), p.alt, |root| {
        drawn = plot(root, p, label_w, (lo, hi))?;
        Ok(())
    })?;
    Ok((svg, drawn))
}

/// The chart's plotting area: x as given, one row per dot.
type Frame<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

fn frame<'a, 'b>(
    root: &'a Area<'b>,
    p: &DotPlot,
    label_w: u32,
    x: (f64, f64),
) -> Result<Frame<'a, 'b>> {
    let n = p.dots.len();
    let mut chart = ChartBuilder::on(root)
        .margin_top(16)
        .margin_right(96)
        .margin_left(8)
        .x_label_area_size(52)
        .y_label_area_size(label_w)
        .build_cartesian_2d(x.0..x.1, -0.6f64..(n as f64 - 0.4))
        .map_err(chart_err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_labels(if p.width < 600 { 5 } else { 8 })
        .x_label_formatter(&|v| (p.fmt)(*v))
        .x_desc(p.x_desc)
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
        .axis_style(AXIS)
        .label_style(font(12.0, MUTED))
        .axis_desc_style(font(13.0, INK))
        .draw()
        .map_err(chart_err)?;
    Ok(chart)
}

fn plot(root: &Area, p: &DotPlot, label_w: u32, (lo, hi): (f64, f64)) -> Result<usize> {
    let n = p.dots.len();
    let chart = frame(root, p, label_w, (lo, hi))?;
    if let Some(r) = p.reference {
        let top = chart.backend_coord(&(r, n as f64 - 0.4));
        let bottom = chart.backend_coord(&(r, -0.6));
        let dashes = DashedPathElement::new(vec![top, bottom], 5, 4, MUTED.stroke_width(1));
        root.draw(&dashes).map_err(chart_err)?;
    }
    let mut drawn = 0;
    for (i, d) in p.dots.iter().enumerate() {
        let y = (n - 1 - i) as f64;
        let left = chart.backend_coord(&(lo, y));
        let name = Pos::new(HPos::Right, VPos::Center);
        label(
            root,
            &d.label,
            (left.0 - 10, left.1),
            &font(13.0, INK),
            name,
        )?;
        if d.value.is_finite() {
            row(root, &chart, d, y)?;
            drawn += 1;
        }
    }
    Ok(drawn)
}

/// One row's interval (when wider than the dot), dot and note.
fn row(root: &Area, chart: &Frame, d: &Dot, y: f64) -> Result<()> {
    let mut right = chart.backend_coord(&(d.value, y));
    let a = chart.backend_coord(&(d.lo, y));
    let b = chart.backend_coord(&(d.hi, y));
    if d.lo.is_finite() && d.hi.is_finite() && b.0 - a.0 > 12 {
        let line = d.color.stroke_width(2);
        root.draw(&PathElement::new(vec![a, b], line))
            .map_err(chart_err)?;
        for x in [a.0, b.0] {
            root.draw(&PathElement::new(vec![(x, a.1 - 5), (x, a.1 + 5)], line))
                .map_err(chart_err)?;
        }
        right = b;
    }
    let at = chart.backend_coord(&(d.value, y));
    if d.filled {
        root.draw(&Circle::new(at, 6, d.color.filled()))
            .map_err(chart_err)?;
    } else {
        // A hollow dot: a white disc hides the interval line, a ring marks the value.
        root.draw(&Circle::new(at, 6, WHITE.filled()))
            .map_err(chart_err)?;
        root.draw(&Circle::new(at, 6, d.color.stroke_width(2)))
            .map_err(chart_err)?;
    }
    let after = Pos::new(HPos::Left, VPos::Center);
    label(
        root,
        &d.note,
        (right.0 + 10, right.1),
        &font(12.0, MUTED),
        after,
    )
}
