//! Certificate times as RFC 3339 text.

use crate::generated::pkix1_explicit_2009::Time;
use synta::DateTime;

/// The date-time of a `Time` (UTCTime or GeneralizedTime).
pub(crate) fn date_time(t: &Time) -> &DateTime {
    match t {
        Time::UtcTime(u) => u.date_time(),
        Time::GeneralTime(g) => g.date_time(),
    }
}

/// `2025-01-02T03:04:05Z` (fractions of a second, which DER forbids in certificates but
/// GeneralizedTime allows elsewhere, are left out).
#[must_use]
pub fn rfc3339(t: &DateTime) -> String {
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
        t.year,
        t.month,
        t.day,
        t.hour,
        t.minute.unwrap_or(0),
        t.second.unwrap_or(0)
    )
}
