use super::*;
use MtcProofErrorKind as K;

/// Layout of the encoding (byte offsets): extensions prefix 0, extensions[0] 2,
/// extensions[1] 7, start 11, end 17, inclusion_proof prefix 23, signatures prefix 121,
/// signatures[0] 123, signatures[1] 132, signatures[2] 141, end 151.
fn sample() -> OwnedMtcProof {
    OwnedMtcProof {
        extensions: vec![(1, vec![0xaa]), (5, vec![])],
        start: 8,
        end: 16,
        inclusion_proof: vec![vec![1; 32], vec![2; 32], vec![3; 32]],
        signatures: vec![
            (vec![0x01], b"sig-a".to_vec()),
            (vec![0x02], b"sig-b".to_vec()),
            (vec![0x01, 0x00], b"sig-c".to_vec()),
        ],
    }
}

fn encode(p: &OwnedMtcProof) -> Vec<u8> {
    p.encode().expect("encodable")
}

/// Decodes `p` (SHA-256) and returns the error's kind, offset and path.
fn failure(p: &OwnedMtcProof) -> (MtcProofErrorKind, usize, String) {
    let e = MtcProof::decode_sha256(&encode(p)).expect_err("must be rejected");
    (e.kind(), e.offset(), e.path())
}

#[test]
fn round_trip() {
    let bytes = encode(&sample());
    assert_eq!(bytes.len(), 151);
    let proof = MtcProof::decode_sha256(&bytes).unwrap();
    assert_eq!(proof.raw(), &bytes[..]);
    assert_eq!((proof.start, proof.end), (8, 16));
    assert!(proof.covers(8) && proof.covers(15) && !proof.covers(16) && !proof.covers(7));
    let ext: Vec<_> = proof.extensions().collect();
    assert_eq!(proof.extensions().len(), 2);
    assert_eq!(
        ext,
        [
            LogEntryExtension {
                extension_type: 1,
                data: &[0xaa]
            },
            LogEntryExtension {
                extension_type: 5,
                data: &[]
            }
        ]
    );
    assert_eq!(proof.extensions_der(), &bytes[..11]);
    assert_eq!(proof.inclusion_proof().len(), 3);
    assert_eq!(proof.inclusion_proof().nth(1), Some(&[2u8; 32][..]));
    assert_eq!(proof.signatures().len(), 3);
    let sig = proof.signatures().nth(2).unwrap();
    assert_eq!(
        (sig.cosigner_id, sig.signature),
        (&[1u8, 0][..], &b"sig-c"[..])
    );
    assert_eq!(proof.to_owned_parts(), sample());
    assert_eq!(encode(&proof.to_owned_parts()), bytes);
}

#[test]
fn empty_lists_and_other_hash_sizes() {
    let p = OwnedMtcProof {
        start: 0,
        end: 1,
        ..OwnedMtcProof::default()
    };
    let bytes = encode(&p);
    assert_eq!(bytes.len(), 2 + 6 + 6 + 2 + 2);
    let proof = MtcProof::decode_sha256(&bytes).unwrap();
    assert_eq!(proof.extensions().count(), 0);
    assert_eq!(proof.inclusion_proof().count(), 0);
    assert_eq!(proof.signatures().count(), 0);
    // 96 bytes of inclusion proof: two 48-byte hashes, or not whole 64-byte ones.
    let bytes = encode(&sample());
    assert_eq!(
        MtcProof::decode(&bytes, 48)
            .unwrap()
            .inclusion_proof()
            .len(),
        2
    );
    let e = MtcProof::decode(&bytes, 64).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (K::InclusionProofLength, 23));
    assert_eq!(
        MtcProof::decode(&bytes, 0).unwrap_err().kind(),
        K::ZeroHashSize
    );
}

#[test]
fn extensions_must_ascend() {
    let mut p = sample();
    p.extensions = vec![(5, vec![0xaa]), (1, vec![])];
    let path = "extensions[1].extension_type".to_string();
    assert_eq!(failure(&p), (K::ExtensionsOutOfOrder, 7, path.clone()));
    p.extensions = vec![(1, vec![0xaa]), (1, vec![])];
    assert_eq!(failure(&p), (K::DuplicateExtension, 7, path));
}

#[test]
fn subtree_must_be_valid_and_non_empty() {
    let mut p = sample();
    (p.start, p.end) = (4, 12); // size 8, but 4 is not a multiple of 8
    assert_eq!(failure(&p), (K::InvalidSubtree, 11, "start".into()));
    (p.start, p.end) = (16, 8);
    assert_eq!(failure(&p), (K::InvalidSubtree, 17, "end".into()));
    (p.start, p.end) = (8, 8);
    assert_eq!(failure(&p), (K::EmptySubtree, 17, "end".into()));
    for (start, end) in [
        (0, 3),
        (4, 6),
        (6, 7),
        (0, (1 << 48) - 1),
        (1 << 47, (1 << 48) - 1),
    ] {
        (p.start, p.end) = (start, end);
        assert!(
            MtcProof::decode_sha256(&encode(&p)).is_ok(),
            "{start}..{end}"
        );
    }
}

#[test]
fn valid_subtree_rule() {
    assert!(is_valid_subtree(0, u64::MAX));
    assert!(is_valid_subtree(7, 7));
    assert!(is_valid_subtree(1 << 63, u64::MAX));
    assert!(!is_valid_subtree(1, (1 << 63) + 2));
    assert!(!is_valid_subtree(3, 2));
    assert!(!is_valid_subtree(2, 5));
}

#[test]
fn inclusion_proof_whole_hashes() {
    let mut p = sample();
    p.inclusion_proof = vec![vec![1; 32], vec![2; 31]];
    assert_eq!(
        failure(&p),
        (K::InclusionProofLength, 23, "inclusion_proof".into())
    );
}

#[test]
fn cosigner_ids_non_empty_and_ordered() {
    let mut p = sample();
    let path = "signatures[1].cosigner_id".to_string();
    p.signatures[1].0 = vec![];
    assert_eq!(failure(&p), (K::EmptyCosignerId, 132, path.clone()));
    p.signatures = vec![(vec![2], vec![]), (vec![1], vec![])];
    assert_eq!(failure(&p), (K::SignaturesOutOfOrder, 127, path.clone()));
    p.signatures = vec![(vec![1], vec![]), (vec![1], vec![])];
    assert_eq!(failure(&p), (K::DuplicateCosignerId, 127, path.clone()));
    // Longer after shorter whatever the bytes; never the other way round.
    p.signatures = vec![(vec![1, 0], vec![]), (vec![2], vec![])];
    assert_eq!(failure(&p), (K::SignaturesOutOfOrder, 128, path));
    p.signatures = vec![(vec![0xff], vec![]), (vec![0, 0], vec![])];
    assert!(MtcProof::decode_sha256(&encode(&p)).is_ok());
}

#[test]
fn lengths_stay_inside() {
    let bytes = encode(&sample());
    // The extensions vector claims more than the proof has.
    let mut b = bytes.clone();
    b[..2].copy_from_slice(&[0xff, 0xff]);
    let e = MtcProof::decode_sha256(&b).unwrap_err();
    assert_eq!(
        (e.kind(), e.offset(), e.path()),
        (K::LengthOutOfBounds, 0, "extensions".into())
    );
    // extension_data of extensions[0] (prefix at 4) runs past its vector (ends at 11).
    let mut b = bytes.clone();
    b[4..6].copy_from_slice(&[0, 7]);
    let e = MtcProof::decode_sha256(&b).unwrap_err();
    let want = (
        K::LengthOutOfBounds,
        4,
        "extensions[0].extension_data".to_string(),
    );
    assert_eq!((e.kind(), e.offset(), e.path()), want);
    // signatures[2].cosigner_id (prefix at 141) claims 200 bytes.
    let mut b = bytes.clone();
    b[141] = 200;
    let e = MtcProof::decode_sha256(&b).unwrap_err();
    let want = (
        K::LengthOutOfBounds,
        141,
        "signatures[2].cosigner_id".to_string(),
    );
    assert_eq!((e.kind(), e.offset(), e.path()), want);
    // An extension cut inside its type: extensions vector of one byte.
    let e = MtcProof::decode_sha256(&[0, 1, 9]).unwrap_err();
    let want = (K::Truncated, 2, "extensions[0].extension_type".to_string());
    assert_eq!((e.kind(), e.offset(), e.path()), want);
}

#[test]
fn trailing_data() {
    let mut b = encode(&sample());
    b.push(0);
    let e = MtcProof::decode_sha256(&b).unwrap_err();
    assert_eq!(
        (e.kind(), e.offset(), e.path()),
        (K::TrailingData, 151, String::new())
    );
    assert_eq!(e.to_string(), "at byte 151: data after the MTCProof");
}

#[test]
fn every_truncation_rejected() {
    let bytes = encode(&sample());
    for n in 0..bytes.len() {
        let e = MtcProof::decode_sha256(&bytes[..n]).unwrap_err();
        assert!(
            matches!(e.kind(), K::Truncated | K::LengthOutOfBounds),
            "{n}: {e}"
        );
        assert!(e.offset() <= n, "{n}: {e}");
    }
}

#[test]
fn random_mutations_never_panic() {
    let base = encode(&sample());
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        // xorshift64
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut accepted = 0;
    for _ in 0..20_000 {
        let mut b = base.clone();
        for _ in 0..=(next() % 4) {
            let r = next();
            let at = usize::try_from(r % b.len() as u64).unwrap();
            match (r >> 32) % 3 {
                0 => b[at] = u8::try_from((r >> 40) & 0xff).unwrap(),
                1 => b.truncate(at),
                _ => b.insert(at, u8::try_from((r >> 40) & 0xff).unwrap()),
            }
            if b.is_empty() {
                b.push(0);
            }
        }
        let hash = [32, 1, 48][usize::try_from(next() % 3).unwrap()];
        match MtcProof::decode(&b, hash) {
            // Whatever is accepted re-encodes to the same bytes and re-decodes.
            Ok(p) => {
                accepted += 1;
                assert_eq!(encode(&p.to_owned_parts()), b);
                assert!(p.extensions().count() == p.extensions().len());
                assert!(p.signatures().count() == p.signatures().len());
            }
            Err(e) => assert!(e.offset() <= b.len(), "{e}"),
        }
    }
    assert!(accepted > 0);
}

#[test]
fn error_as_synta_error() {
    let mut p = sample();
    p.signatures[2].0 = vec![0];
    let e = MtcProof::decode_sha256(&encode(&p)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "at byte 141 (signatures[2].cosigner_id): MTCProof signatures not ordered by cosigner ID"
    );
    let s = e.to_synta(1000);
    assert_eq!(s.offset(), 1141);
    assert_eq!(
        s.to_string(),
        "at byte 1141 (MTCProof.signatures[2].cosigner_id): invalid value: \
         MTCProof signatures not ordered by cosigner ID"
    );
}

#[test]
fn encoder_refuses_what_does_not_fit() {
    let mut p = sample();
    p.end = 1 << 48;
    assert_eq!(p.encode(), None);
    let mut p = sample();
    p.signatures[0].0 = vec![0; 256];
    assert_eq!(p.encode(), None);
    let mut p = sample();
    p.extensions[0].1 = vec![0; 65536];
    assert_eq!(p.encode(), None);
}
