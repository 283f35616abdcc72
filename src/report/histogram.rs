//! Distributions: vertical bars (deal lengths), one line per series over shared bins (score
//! distributions per seat), and horizontal bars for a few named categories (how deals
//! ended).

use super::chart::{AXIS, Area, GRID, INK, MUTED, chart_err, font, label, padded, svg, text_width};
use crate::error::Result;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Axis titles and tick formats shared by the distribution charts.
pub struct Axes<'a> {
    /// The x axis's title.
    pub x_desc: &'a str,
    /// The y axis's title.
    pub y_desc: &'a str,
    /// How x tick labels read.
    pub x_fmt: &'a dyn Fn(f64) -> String,
    /// How y tick labels read.
    pub y_fmt: &'a dyn Fn(f64) -> String,
    /// What the chart shows, for screen readers.
    pub alt: &'a str,
}

/// One bar: from `x0` to `x1`, `y` high.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bin {
    /// The bin's left edge.
    pub x0: f64,
    /// The bin's right edge.
    pub x1: f64,
    /// Its height.
    pub y: f64,
}

const HEIGHT: u32 = 340;

fn mesh(chart: &mut Frame, a: &Axes) -> Result<()> {
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(10)
        .y_labels(6)
        .x_label_formatter(&|v| (a.x_fmt)(*v))
        .y_label_formatter(&|v| (a.y_fmt)(*v))
        .x_desc(a.x_desc)
        .y_desc(a.y_desc)
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
        .axis_style(AXIS)
        .label_style(font(12.0, MUTED))
        .axis_desc_style(font(13.0, INK))
        .draw()
        .map_err(chart_err)
}

/// The chart area of a distribution: x as given, y from 0 to a little above `y_max`.
type Frame<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

fn frame<'a, 'b>(root: &'a Area<'b>, x: (f64, f64), y_max: f64) -> Result<Frame<'a, 'b>> {
    ChartBuilder::on(root)
        .margin_top(14)
        .margin_right(24)
        .margin_left(8)
        .x_label_area_size(52)
        .y_label_area_size(70)
        .build_cartesian_2d(x.0..x.1, 0.0..(y_max * 1.08).max(1e-9))
        .map_err(chart_err)
}

/// Vertical bars; returns the SVG and the number of bars.
pub fn bars(bins: &[Bin], color: RGBColor, a: &Axes) -> Result<(String, usize)> {
    let lo = bins.iter().map(|b| b.x0).fold(f64::INFINITY, f64::min);
    let hi = bins.iter().map(|b| b.x1).fold(f64::NEG_INFINITY, f64::max);
    let x = padded(lo, hi, 0.02);
    let y_max = bins.iter().map(|b| b.y).fold(0.0, f64::max);
    let svg =
        svg(HEIGHT, a.alt, |root| {
            let mut chart = frame(root, x, y_max)?;
            mesh(&mut chart, a)?;
            let gap = (bins.first().map_or(1.0, |b| b.x1 - b.x0) * 0.1).min((x.1 - x.0) * 0.002);
            chart
                .draw_series(bins.iter().map(|b| {
                    Rectangle::new([(b.x0 + gap, 0.0), (b.x1 - gap, b.y)], color.filled())
                }))
                .map_err(chart_err)?;
            Ok(())
        })?;
    Ok((svg, bins.len()))
}

/// One line per series over the same x values; returns the SVG and the number of points.
pub fn lines(series: &[(RGBColor, Vec<(f64, f64)>)], a: &Axes) -> Result<(String, usize)> {
    let all = || series.iter().flat_map(|(_, s)| s.iter());
    let lo = all().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let hi = all().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let y_max = all().map(|p| p.1).fold(0.0, f64::max);
    let svg = svg(HEIGHT, a.alt, |root| {
        let mut chart = frame(root, padded(lo, hi, 0.02), y_max)?;
        mesh(&mut chart, a)?;
        for (c, pts) in series {
            chart
                .draw_series([PathElement::new(pts.clone(), c.stroke_width(2))])
                .map_err(chart_err)?;
        }
        Ok(())
    })?;
    Ok((svg, series.iter().map(|(_, s)| s.len()).sum()))
}

/// One named horizontal bar: its share of the whole and the note beside it.
pub struct Category {
    /// The name, left of the bar.
    pub label: String,
    /// Its share (0..1).
    pub share: f64,
    /// Text beside the bar.
    pub note: String,
}

/// Horizontal bars on a 0..100% axis; returns the SVG and the number of bars.
pub fn categories(rows: &[Category], color: RGBColor, alt: &str) -> Result<(String, usize)> {
    let n = rows.len();
    let height = 24 + 34 * n as u32 + 52;
    let label_w = rows
        .iter()
        .map(|r| text_width(&r.label, 13.0))
        .max()
        .unwrap_or(0)
        .clamp(60, 300)
        + 18;
    let svg = svg(height, alt, |root| {
        category_plot(root, rows, color, label_w)
    })?;
    Ok((svg, n))
}

fn category_plot(root: &Area, rows: &[Category], color: RGBColor, label_w: u32) -> Result<()> {
    let n = rows.len();
    let mut chart = ChartBuilder::on(root)
        .margin_top(16)
        .margin_right(150)
        .margin_left(8)
        .x_label_area_size(48)
        .y_label_area_size(label_w)
        .build_cartesian_2d(0.0..1.0f64, -0.6f64..(n as f64 - 0.4))
        .map_err(chart_err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_labels(6)
        .x_label_formatter(&|v| format!("{:.0}%", 100.0 * v))
        .x_desc("Share of deals")
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
        .axis_style(AXIS)
        .label_style(font(12.0, MUTED))
        .axis_desc_style(font(13.0, INK))
        .draw()
        .map_err(chart_err)?;
    for (i, r) in rows.iter().enumerate() {
        let y = (n - 1 - i) as f64;
        chart
            .draw_series([Rectangle::new(
                [(0.0, y - 0.32), (r.share.clamp(0.0, 1.0), y + 0.32)],
                color.filled(),
            )])
            .map_err(chart_err)?;
        let left = chart.backend_coord(&(0.0, y));
        let end = chart.backend_coord(&(r.share.clamp(0.0, 1.0), y));
        let mid = Pos::new(HPos::Right, VPos::Center);
        label(root, &r.label, (left.0 - 10, left.1), &font(13.0, INK), mid)?;
        let after = Pos::new(HPos::Left, VPos::Center);
        label(root, &r.note, (end.0 + 8, end.1), &font(12.0, MUTED), after)?;
    }
    Ok(())
}
