//! Scatter charts: one circle per point with its 95% interval as whiskers on both axes and a
//! label beside it (the Pareto front of `balance --front`: each front variant at its two
//! metrics). Circles and whiskers are in the data colour; axes and grids in greys.

use super::chart::{AXIS, GRID, INK, MUTED, chart_err, font, padded, svg};
use crate::error::Result;
use plotters::prelude::*;

/// One point with its intervals.
#[derive(Clone, Debug)]
pub struct Point {
    /// The label drawn beside the point.
    pub label: String,
    /// x and its 95% interval.
    pub x: (f64, f64, f64),
    /// y and its 95% interval.
    pub y: (f64, f64, f64),
    /// Its colour.
    pub color: RGBColor,
    /// Filled (true) or hollow.
    pub filled: bool,
}

const HEIGHT: u32 = 420;

/// Draws the points on axes titled `x_desc`, `y_desc`; returns the SVG and the number of
/// points (circles).
pub fn scatter(
    points: &[Point],
    x_desc: &str,
    y_desc: &str,
    fmt: &dyn Fn(f64) -> String,
    alt: &str,
) -> Result<(String, usize)> {
    let fin = |v: f64, d: f64| if v.is_finite() { v } else { d };
    let xs = points
        .iter()
        .flat_map(|p| [fin(p.x.1, p.x.0), fin(p.x.2, p.x.0)]);
    let ys = points
        .iter()
        .flat_map(|p| [fin(p.y.1, p.y.0), fin(p.y.2, p.y.0)]);
    let (x_lo, x_hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    let (y_lo, y_hi) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    let x = padded(x_lo, x_hi, 0.12);
    let y = padded(y_lo, y_hi, 0.12);
    let svg = svg(HEIGHT, alt, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin_top(14)
            .margin_right(24)
            .margin_left(8)
            .x_label_area_size(52)
            .y_label_area_size(80)
            .build_cartesian_2d(x.0..x.1, y.0..y.1)
            .map_err(chart_err)?;
        chart
            .configure_mesh()
            .x_labels(8)
            .y_labels(6)
            .x_label_formatter(&|v| fmt(*v))
            .y_label_formatter(&|v| fmt(*v))
            .x_desc(x_desc)
            .y_desc(y_desc)
            .bold_line_style(GRID)
            .light_line_style(TRANSPARENT)
            .axis_style(AXIS)
            .label_style(font(12.0, MUTED))
            .axis_desc_style(font(13.0, INK))
            .draw()
            .map_err(chart_err)?;
        for p in points {
            let line = p.color.stroke_width(1);
            let (px, py) = (p.x.0, p.y.0);
            let mut whiskers = Vec::new();
            if p.x.1.is_finite() && p.x.2.is_finite() {
                whiskers.push(PathElement::new(vec![(p.x.1, py), (p.x.2, py)], line));
            }
            if p.y.1.is_finite() && p.y.2.is_finite() {
                whiskers.push(PathElement::new(vec![(px, p.y.1), (px, p.y.2)], line));
            }
            chart.draw_series(whiskers).map_err(chart_err)?;
            let style = if p.filled {
                p.color.filled()
            } else {
                p.color.stroke_width(2)
            };
            chart
                .draw_series([Circle::new((px, py), 6, style)])
                .map_err(chart_err)?;
            chart
                .draw_series([Text::new(
                    p.label.clone(),
                    (px, py),
                    font(12.0, INK).pos(plotters::style::text_anchor::Pos::new(
                        plotters::style::text_anchor::HPos::Left,
                        plotters::style::text_anchor::VPos::Bottom,
                    )),
                )])
                .map_err(chart_err)?;
        }
        Ok(())
    })?;
    Ok((svg, points.len()))
}
