//! The pairwise heat map: one cell per (row strategy, column opponent), coloured on a
//! diverging scale around an even 50% (blue: the row strategy does better, red: worse) and
//! labelled with its value. Pairs that never met (and the diagonal) have no cell.

use super::chart::{Area, INK, MUTED, WIDTH, chart_err, font, label, svg, text_width};
use crate::error::Result;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The colour at the "better" end of the scale.
pub const BETTER: RGBColor = RGBColor(0x21, 0x66, 0xAC);
/// The colour at the "worse" end of the scale.
pub const WORSE: RGBColor = RGBColor(0xB2, 0x18, 0x2B);
/// The colour of an even result.
pub const EVEN: RGBColor = RGBColor(0xF7, 0xF7, 0xF7);

/// The colour of a share `v` (0..1), and whether text on it should be white.
pub fn shade(v: f64) -> (RGBColor, bool) {
    let t = ((v - 0.5) * 2.0).clamp(-1.0, 1.0);
    let end = if t >= 0.0 { BETTER } else { WORSE };
    let a = t.abs();
    let mix = |e: u8, w: u8| (w as f64 + (e as f64 - w as f64) * a).round() as u8;
    (
        RGBColor(mix(end.0, EVEN.0), mix(end.1, EVEN.1), mix(end.2, EVEN.2)),
        a > 0.55,
    )
}

/// The heat map of `cells[row][col]` (None: no cell) with `names` on both axes and `text`
/// for each cell's label; returns the SVG and the number of cells drawn.
pub fn draw(
    names: &[String],
    cells: &[Vec<Option<f64>>],
    text: &dyn Fn(f64) -> String,
    alt: &str,
) -> Result<(String, usize)> {
    let n = names.len().max(1);
    let label_w = names
        .iter()
        .map(|s| text_width(s, 13.0))
        .max()
        .unwrap_or(40)
        .clamp(40, 260)
        + 16;
    let cell = ((WIDTH - label_w - 24) / n as u32).clamp(28, 110);
    let widest = names.iter().map(|s| text_width(s, 12.0)).max().unwrap_or(0);
    let rotate = widest + 8 > cell;
    let top = if rotate { widest + 20 } else { 30 };
    let height = top + cell * n as u32 + 16;
    let mut drawn = 0;
    let geo = Geometry {
        label_w,
        cell,
        top,
        rotate,
    };
    let svg = svg(height, alt, |root| {
        drawn = plot(root, names, cells, text, &geo)?;
        Ok(())
    })?;
    Ok((svg, drawn))
}

struct Geometry {
    label_w: u32,
    cell: u32,
    top: u32,
    rotate: bool,
}

fn plot(
    root: &Area,
    names: &[String],
    cells: &[Vec<Option<f64>>],
    text: &dyn Fn(f64) -> String,
    g: &Geometry,
) -> Result<usize> {
    let n = names.len();
    let (x0, y0, c) = (g.label_w as i32, g.top as i32, g.cell as i32);
    let size = (c as f64 / 4.2).clamp(10.0, 14.0);
    let mut drawn = 0;
    for (r, name) in names.iter().enumerate() {
        let y = y0 + r as i32 * c;
        let right = Pos::new(HPos::Right, VPos::Center);
        label(root, name, (x0 - 8, y + c / 2), &font(13.0, INK), right)?;
        for col in 0..n {
            let x = x0 + col as i32 * c;
            let v = cells.get(r).and_then(|row| row.get(col)).copied().flatten();
            let mid = Pos::new(HPos::Center, VPos::Center);
            let Some(v) = v.filter(|v| v.is_finite()) else {
                label(root, "–", (x + c / 2, y + c / 2), &font(size, MUTED), mid)?;
                continue;
            };
            let (fill, white) = shade(v);
            root.draw(&Rectangle::new(
                [(x + 1, y + 1), (x + c - 1, y + c - 1)],
                fill.filled(),
            ))
            .map_err(chart_err)?;
            let ink = if white { WHITE } else { INK };
            label(
                root,
                &text(v),
                (x + c / 2, y + c / 2),
                &font(size, ink),
                mid,
            )?;
            drawn += 1;
        }
    }
    for (col, name) in names.iter().enumerate() {
        let x = x0 + col as i32 * c + c / 2;
        let style = font(12.0, MUTED);
        if g.rotate {
            let style = style.transform(FontTransform::Rotate270);
            let pos = Pos::new(HPos::Left, VPos::Center);
            label(root, name, (x, y0 - 8), &style, pos)?;
        } else {
            let pos = Pos::new(HPos::Center, VPos::Bottom);
            label(root, name, (x, y0 - 8), &style, pos)?;
        }
    }
    Ok(drawn)
}
