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

/// A range for the x axis that leaves out far outliers, so that one item far from the rest
/// (a hopeless `random` among close strategies) does not squash the others' intervals:
/// `None` when nothing is far out. An extreme estimate is far out when its gap to its
/// neighbour is over three times the span (intervals included) of the rest; at most a third
/// of the rows are left out, from either end. The reference is kept when it lies within the
/// rest's span widened by that span on each side. Rows outside the range are drawn at its
/// edge with their estimate written ([`draw`]).
pub fn core_range(dots: &[Dot], reference: Option<f64>) -> Option<(f64, f64)> {
    let mut v: Vec<&Dot> = dots.iter().filter(|d| d.value.is_finite()).collect();
    v.sort_by(|a, b| a.value.total_cmp(&b.value));
    let span = |d: &[&Dot]| {
        let lo = d
            .iter()
            .flat_map(|d| [d.value, d.lo])
            .filter(|x| x.is_finite());
        let hi = d
            .iter()
            .flat_map(|d| [d.value, d.hi])
            .filter(|x| x.is_finite());
        (
            lo.fold(f64::INFINITY, f64::min),
            hi.fold(f64::NEG_INFINITY, f64::max),
        )
    };
    let most = v.len() / 3;
    let (mut a, mut b) = (0, v.len());
    while (a + v.len() - b) < most && b - a > 2 {
        let inner_lo = span(&v[a + 1..b]);
        let inner_hi = span(&v[a..b - 1]);
        let gap_lo = v[a + 1].value - v[a].value;
        let gap_hi = v[b - 1].value - v[b - 2].value;
        if gap_lo >= gap_hi && gap_lo > 3.0 * (inner_lo.1 - inner_lo.0) {
            a += 1;
        } else if gap_hi > 3.0 * (inner_hi.1 - inner_hi.0) {
            b -= 1;
        } else {
            break;
        }
    }
    if a == 0 && b == v.len() {
        return None;
    }
    let (mut lo, mut hi) = span(&v[a..b]);
    let w = hi - lo;
    if let Some(r) = reference.filter(|r| (lo - w..=hi + w).contains(r)) {
        (lo, hi) = (lo.min(r), hi.max(r));
    }
    Some(padded(lo, hi, 0.08))
}

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
    if let Some(r) = p.reference.filter(|r| (lo..=hi).contains(r)) {
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
        if d.value.is_finite() && !(lo..=hi).contains(&d.value) {
            off_scale(root, &chart, d, y, (lo, hi))?;
            drawn += 1;
        } else if d.value.is_finite() {
            row(root, &chart, d, y)?;
            drawn += 1;
        }
    }
    Ok(drawn)
}

/// A row whose estimate lies outside the axis: a hollow dot on the edge it lies beyond and
/// the note with an arrow pointing off the scale.
fn off_scale(root: &Area, chart: &Frame, d: &Dot, y: f64, (lo, hi): (f64, f64)) -> Result<()> {
    let left = d.value < lo;
    let at = chart.backend_coord(&(if left { lo } else { hi }, y));
    root.draw(&Circle::new(at, 6, WHITE.filled()))
        .map_err(chart_err)?;
    root.draw(&Circle::new(at, 6, d.color.stroke_width(2)))
        .map_err(chart_err)?;
    let (text, x, pos) = if left {
        (
            format!("← {} (off the scale)", d.note),
            at.0 + 12,
            HPos::Left,
        )
    } else {
        (
            format!("{} (off the scale) →", d.note),
            at.0 - 12,
            HPos::Right,
        )
    };
    label(
        root,
        &text,
        (x, at.1),
        &font(12.0, MUTED),
        Pos::new(pos, VPos::Center),
    )
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

#[cfg(test)]
mod tests {
    use super::*;

    fn dot(value: f64, half: f64) -> Dot {
        Dot {
            label: String::new(),
            value,
            lo: value - half,
            hi: value + half,
            color: BLACK,
            filled: true,
            note: String::new(),
        }
    }

    #[test]
    fn a_far_outlier_is_left_off_the_axis_and_close_rows_are_not() {
        let dots = [dot(1695.0, 0.0), dot(1687.0, 10.0), dot(1118.0, 12.0)];
        let (lo, hi) = core_range(&dots, Some(1500.0)).unwrap();
        assert!(
            lo > 1600.0 && lo < 1677.0 && hi > 1697.0 && hi < 1760.0,
            "{lo} {hi}"
        );
        let spread = [dot(1400.0, 30.0), dot(1500.0, 30.0), dot(1600.0, 30.0)];
        assert_eq!(core_range(&spread, Some(1500.0)), None);
        assert_eq!(core_range(&dots[..2], None), None, "two rows are never cut");
        // A high outlier; the reference is kept when near the rest.
        let high = [
            dot(1490.0, 5.0),
            dot(1500.0, 5.0),
            dot(1510.0, 5.0),
            dot(2200.0, 20.0),
        ];
        let (lo, hi) = core_range(&high, Some(1500.0)).unwrap();
        assert!(lo < 1490.0 && hi < 1600.0, "{lo} {hi}");
    }

    #[test]
    fn a_chart_with_an_outlier_draws_every_row() {
        let dots = [dot(1695.0, 0.0), dot(1687.0, 10.0), dot(1118.0, 12.0)];
        let range = core_range(&dots, Some(1500.0));
        let (svg, drawn) = draw(&DotPlot {
            dots: &dots,
            x_desc: "x",
            fmt: &|v| format!("{v}"),
            reference: Some(1500.0),
            range,
            alt: "t",
            width: 700,
        })
        .unwrap();
        assert_eq!(drawn, 3);
        assert!(svg.contains("(off the scale)"), "{svg}");
    }
}
