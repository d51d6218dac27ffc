//! Minimal PEM (RFC 7468) reading: the first `-----BEGIN` block, base64 decoded.

use alloc::vec::Vec;

/// True when the input looks like PEM.
pub fn is_pem(data: &[u8]) -> bool {
    data.windows(10).any(|w| w == b"-----BEGIN")
}

fn sextet(c: u8) -> Option<u32> {
    Some(u32::from(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    }))
}

/// Decodes the first PEM block (headers such as `Proc-Type:` are skipped).
pub fn decode(data: &[u8]) -> Result<Vec<u8>, &'static str> {
    let text = core::str::from_utf8(data).map_err(|_| "not UTF-8")?;
    let mut lines = text.lines().skip_while(|l| !l.starts_with("-----BEGIN"));
    lines.next().ok_or("no BEGIN line")?;
    let mut b64 = Vec::new();
    let mut ended = false;
    for line in lines {
        if line.starts_with("-----END") {
            ended = true;
            break;
        }
        // RFC 1421 headers (Proc-Type: ...) are skipped.
        if line.contains(':') {
            continue;
        }
        b64.extend(line.bytes().filter(|c| !c.is_ascii_whitespace()));
    }
    if !ended {
        return Err("no END line");
    }
    let body: Vec<u8> = b64.iter().copied().take_while(|&c| c != b'=').collect();
    let pad = b64.len() - body.len();
    if b64.len() % 4 != 0
        || pad > 2
        || b64
            .get(body.len()..)
            .is_some_and(|p| p.iter().any(|&c| c != b'='))
    {
        return Err("bad base64 length or padding");
    }
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &c in &body {
        acc = (acc << 6) | sextet(c).ok_or("bad base64 character")?;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(u8::try_from((acc >> bits) & 0xff).unwrap_or(0));
        }
    }
    Ok(out)
}
