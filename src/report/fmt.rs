//! Numbers and text as people read them: thousands separators, percentages, signed
//! differences in percentage points, p-values, and HTML escaping. One place, so the page, its
//! tables and its charts' labels all say a number the same way.

/// HTML-escapes text for element content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Digits with a comma every three from the right: `1234567` -> `1,234,567`.
fn group(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// An integer with thousands separators: `1,000,000`.
pub fn int(n: i64) -> String {
    let out = group(&n.unsigned_abs().to_string());
    if n < 0 { format!("−{out}") } else { out }
}

/// A count that may carry a fraction (shared wins): `853`, `39,604.5`, `217,814.42`.
pub fn count(x: f64) -> String {
    trimmed(dec(x, 2))
}

/// Trailing zeros after the decimal point dropped (`2.50` -> `2.5`, `3.00` -> `3`).
fn trimmed(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// A plain number with `places` decimals, a true minus sign, and thousands separators.
pub fn dec(x: f64, places: usize) -> String {
    if !x.is_finite() {
        return "–".into();
    }
    let s = format!("{:.places$}", x.abs());
    let (whole, frac) = s.split_once('.').unwrap_or((&s, ""));
    let whole = group(whole);
    let neg = x < 0.0 && s.chars().any(|c| c.is_ascii_digit() && c != '0');
    let sign = if neg { "−" } else { "" };
    if frac.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{frac}")
    }
}

/// A number with about three significant figures (at least one decimal below 100).
pub fn auto(x: f64) -> String {
    let a = x.abs();
    let places = if a >= 1000.0 {
        0
    } else if a >= 100.0 {
        1
    } else if a >= 1.0 || a == 0.0 {
        2
    } else {
        3
    };
    dec(x, places)
}

/// A share as a percentage: `27.8%` (`places` decimals).
pub fn pct(x: f64, places: usize) -> String {
    format!("{}%", dec(100.0 * x, places))
}

/// A signed number (`+1.25`, `−0.40`, `0.00`).
pub fn signed(x: f64, places: usize) -> String {
    let s = dec(x, places);
    if x > 0.0 && s.chars().any(|c| ('1'..='9').contains(&c)) {
        format!("+{s}")
    } else {
        s
    }
}

/// A p-value: `< 0.001`, or three decimals.
pub fn p_value(p: f64) -> String {
    if !p.is_finite() {
        "–".into()
    } else if p < 0.001 {
        "< 0.001".into()
    } else {
        format!("{p:.3}")
    }
}

/// An axis tick: up to three decimals, trailing zeros dropped (`2.5`, `−3`, `0.125`).
pub fn tick(x: f64) -> String {
    trimmed(dec(x, 3))
}

/// A share as an axis tick: `20%`, `27.5%`.
pub fn tick_pct(x: f64) -> String {
    format!("{}%", tick(100.0 * x))
}

/// A tick of an axis of whole numbers: empty between them.
pub fn tick_int(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        dec(x, 0)
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(int(1_000_000), "1,000,000");
        assert_eq!(int(-1234), "−1,234");
        assert_eq!(int(999), "999");
        assert_eq!(count(853.0), "853");
        assert_eq!(count(39604.5), "39,604.5");
        assert_eq!(count(217814.4167), "217,814.42");
        assert_eq!(count(4.999), "5");
        assert_eq!(dec(-0.0001, 2), "0.00");
        assert_eq!(dec(12345.678, 1), "12,345.7");
        assert_eq!(dec(-1e20, 0), "−100,000,000,000,000,000,000");
        assert_eq!(pct(0.277188, 1), "27.7%");
        assert_eq!(signed(0.011756 * 100.0, 2), "+1.18");
        assert_eq!(signed(-0.5, 1), "−0.5");
        assert_eq!(p_value(0.00001), "< 0.001");
        assert_eq!(p_value(0.0421), "0.042");
        assert_eq!(esc("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(tick(-3.0), "−3");
        assert_eq!(tick(2.5), "2.5");
        assert_eq!(tick_pct(0.275), "27.5%");
        assert_eq!(tick_pct(0.2), "20%");
        assert_eq!(tick_int(2.5), "");
        assert_eq!(tick_int(4.0), "4");
    }
}
