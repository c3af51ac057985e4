;; Log densities of every Gaussian of n codebooks of one feature stream, four at a time with 128-bit
;; SIMD (docs/speech-service.md, "The evaluator's cost"), and (shortlisted, below) of the static
;; stream's shortlisted Gaussians at the finish. Compiled to gaussians-wasm.ts by
;; scripts/build-gaussians-wasm.mjs.
;;
;; score(x, p, n, len, dens, out):
;;   x     byte offset of the stream's len feature values (f32)
;;   p     byte offset of n codebook blocks, each: means[len][dens], precisions[len][dens],
;;         norms[dens] (f32, dimension-major; precision = 1 / (2·variance))
;;   out   byte offset of n × dens results: norm − Σ_i (x_i − mean_i)² · precision_i
;;   dens  a multiple of 4
(module
  (memory (export "memory") 1)
  (func (export "score")
    (param $x i32) (param $p i32) (param $n i32) (param $len i32) (param $dens i32) (param $out i32)
    (local $cb i32) (local $i i32) (local $m i32) (local $q i32) (local $o i32) (local $oend i32)
    (local $row i32) (local $xi v128) (local $d v128)
    (local.set $row (i32.shl (local.get $dens) (i32.const 2)))
    (block $cbs_done
      (loop $cbs
        (br_if $cbs_done (i32.ge_u (local.get $cb) (local.get $n)))
        ;; out ← norms
        (memory.copy
          (local.get $out)
          (i32.add (local.get $p) (i32.mul (i32.shl (local.get $len) (i32.const 1)) (local.get $row)))
          (local.get $row))
        (local.set $oend (i32.add (local.get $out) (local.get $row)))
        (local.set $m (local.get $p))
        (local.set $q (i32.add (local.get $p) (i32.mul (local.get $len) (local.get $row))))
        (local.set $i (i32.const 0))
        (block $dims_done
          (loop $dims
            (br_if $dims_done (i32.ge_u (local.get $i) (local.get $len)))
            (local.set $xi (v128.load32_splat (i32.add (local.get $x) (i32.shl (local.get $i) (i32.const 2)))))
            (local.set $o (local.get $out))
            (loop $gaussians
              (local.set $d (f32x4.sub (local.get $xi) (v128.load (local.get $m))))
              (v128.store
                (local.get $o)
                (f32x4.sub
                  (v128.load (local.get $o))
                  (f32x4.mul (f32x4.mul (local.get $d) (local.get $d)) (v128.load (local.get $q)))))
              (local.set $m (i32.add (local.get $m) (i32.const 16)))
              (local.set $q (i32.add (local.get $q) (i32.const 16)))
              (local.set $o (i32.add (local.get $o) (i32.const 16)))
              (br_if $gaussians (i32.lt_u (local.get $o) (local.get $oend))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $dims)))
        ;; the next block: past means, precisions and norms
        (local.set $p
          (i32.add
            (local.get $p)
            (i32.mul (i32.add (i32.shl (local.get $len) (i32.const 1)) (i32.const 1)) (local.get $row))))
        (local.set $out (local.get $oend))
        (local.set $cb (i32.add (local.get $cb) (i32.const 1)))
        (br $cbs))))
  ;; The static stream of one frame on its shortlist, at the finish (docs/speech-service.md, "The
  ;; static stream's finish in WebAssembly"): for each of n codebooks, its nsl shortlisted Gaussians
  ;; scored in float64 and the best four kept, exactly as IncrementalScorer's JS loop does (the same
  ;; operations in the same order, so the same bits):
  ;; acc = norm, then for each dimension i in order, acc -= ((x_i − mean_i)² · precision_i); a
  ;; Gaussian enters the list if acc > the list's last (f32) value, shifting past values < acc
  ;; (ties keep the earlier one first); values are stored as f32. Two Gaussians per f64x2 (lane 0
  ;; the earlier of the shortlist, inserted first), each lane the sequential sum of one Gaussian.
  ;;
  ;; shortlisted(x, p, sl, n, nsl, len, dens, out):
  ;;   x     byte offset of the len feature values (f64)
  ;;   p     byte offset of n codebook blocks of dens Gaussian records, each ceil(len / 2) × 32
  ;;         bytes then 16: per pair of dimensions (2j, 2j + 1) mean, mean, precision, precision
  ;;         (f64; the missing dimension of an odd len is 0), then norm (f64) and 8 bytes of pad
  ;;   sl    byte offset of n × nsl shortlisted Gaussian indices (u8), nsl > 0
  ;;   out   byte offset of n × (4 indices (i32, −1 where fewer), 4 values (f32, −Infinity))
  (func (export "shortlisted")
    (param $x i32) (param $p i32) (param $sl i32) (param $n i32) (param $nsl i32) (param $len i32)
    (param $dens i32) (param $out i32)
    (local $cb i32) (local $k i32) (local $j i32) (local $pairs i32) (local $rec i32) (local $cbBytes i32)
    (local $ga i32) (local $gb i32) (local $da i32) (local $db i32) (local $xj i32)
    (local $ma v128) (local $mb v128) (local $pa v128) (local $pb v128) (local $diff v128) (local $acc v128)
    (local $v f64) (local $d i32) (local $lane i32)
    (local $v0 f64) (local $v1 f64) (local $v2 f64) (local $v3 f64)
    (local $i0 i32) (local $i1 i32) (local $i2 i32) (local $i3 i32)
    (local.set $pairs (i32.shr_u (local.get $len) (i32.const 1)))
    (local.set $rec
      (i32.add
        (i32.shl (i32.shr_u (i32.add (local.get $len) (i32.const 1)) (i32.const 1)) (i32.const 5))
        (i32.const 16)))
    (local.set $cbBytes (i32.mul (local.get $rec) (local.get $dens)))
    (block $cbs_done
      (loop $cbs
        (br_if $cbs_done (i32.ge_u (local.get $cb) (local.get $n)))
        (local.set $v0 (f64.const -inf)) (local.set $v1 (f64.const -inf))
        (local.set $v2 (f64.const -inf)) (local.set $v3 (f64.const -inf))
        (local.set $i0 (i32.const -1)) (local.set $i1 (i32.const -1))
        (local.set $i2 (i32.const -1)) (local.set $i3 (i32.const -1))
        (local.set $k (i32.const 0))
        (loop $gaussians
          ;; a pair: shortlist entries k and k + 1 (k again when k is the last)
          (local.set $da (i32.load8_u (i32.add (local.get $sl) (local.get $k))))
          (local.set $db
            (if (result i32) (i32.lt_u (i32.add (local.get $k) (i32.const 1)) (local.get $nsl))
              (then (i32.load8_u (i32.add (i32.add (local.get $sl) (local.get $k)) (i32.const 1))))
              (else (local.get $da))))
          (local.set $ga (i32.add (local.get $p) (i32.mul (local.get $da) (local.get $rec))))
          (local.set $gb (i32.add (local.get $p) (i32.mul (local.get $db) (local.get $rec))))
          (local.set $acc
            (f64x2.replace_lane 1
              (v128.load64_splat (i32.sub (i32.add (local.get $ga) (local.get $rec)) (i32.const 16)))
              (f64.load (i32.sub (i32.add (local.get $gb) (local.get $rec)) (i32.const 16)))))
          (local.set $xj (local.get $x))
          (local.set $j (i32.const 0))
          (block $pairs_done
            (loop $dims
              (br_if $pairs_done (i32.ge_u (local.get $j) (local.get $pairs)))
              (local.set $ma (v128.load (local.get $ga)))
              (local.set $mb (v128.load (local.get $gb)))
              (local.set $pa (v128.load offset=16 (local.get $ga)))
              (local.set $pb (v128.load offset=16 (local.get $gb)))
              ;; dimension 2j: lanes 0 of both Gaussians
              (local.set $diff
                (f64x2.sub
                  (v128.load64_splat (local.get $xj))
                  (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $ma) (local.get $mb))))
              (local.set $acc
                (f64x2.sub
                  (local.get $acc)
                  (f64x2.mul
                    (f64x2.mul (local.get $diff) (local.get $diff))
                    (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $pa) (local.get $pb)))))
              ;; dimension 2j + 1: lanes 1
              (local.set $diff
                (f64x2.sub
                  (v128.load64_splat offset=8 (local.get $xj))
                  (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $ma) (local.get $mb))))
              (local.set $acc
                (f64x2.sub
                  (local.get $acc)
                  (f64x2.mul
                    (f64x2.mul (local.get $diff) (local.get $diff))
                    (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $pa) (local.get $pb)))))
              (local.set $ga (i32.add (local.get $ga) (i32.const 32)))
              (local.set $gb (i32.add (local.get $gb) (i32.const 32)))
              (local.set $xj (i32.add (local.get $xj) (i32.const 16)))
              (local.set $j (i32.add (local.get $j) (i32.const 1)))
              (br $dims)))
          ;; an odd last dimension
          (if (i32.and (local.get $len) (i32.const 1))
            (then
              (local.set $diff
                (f64x2.sub
                  (v128.load64_splat (local.get $xj))
                  (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
                    (v128.load (local.get $ga)) (v128.load (local.get $gb)))))
              (local.set $acc
                (f64x2.sub
                  (local.get $acc)
                  (f64x2.mul
                    (f64x2.mul (local.get $diff) (local.get $diff))
                    (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
                      (v128.load offset=16 (local.get $ga)) (v128.load offset=16 (local.get $gb))))))))
          ;; into the top four: lane 0 (entry k), then lane 1 (entry k + 1, if any)
          (local.set $lane (i32.const 0))
          (loop $lanes
            (if (local.get $lane)
              (then
                (local.set $v (f64x2.extract_lane 1 (local.get $acc)))
                (local.set $d (local.get $db)))
              (else
                (local.set $v (f64x2.extract_lane 0 (local.get $acc)))
                (local.set $d (local.get $da))))
            (if (f64.gt (local.get $v) (local.get $v3))
              (then
                ;; stored rounded to f32, compared unrounded (as JS compares acc with a Float32Array)
                (if (i32.eqz (f64.lt (local.get $v2) (local.get $v)))
                  (then
                    (local.set $v3 (f64.promote_f32 (f32.demote_f64 (local.get $v))))
                    (local.set $i3 (local.get $d)))
                  (else
                    (local.set $v3 (local.get $v2))
                    (local.set $i3 (local.get $i2))
                    (if (i32.eqz (f64.lt (local.get $v1) (local.get $v)))
                      (then
                        (local.set $v2 (f64.promote_f32 (f32.demote_f64 (local.get $v))))
                        (local.set $i2 (local.get $d)))
                      (else
                        (local.set $v2 (local.get $v1))
                        (local.set $i2 (local.get $i1))
                        (if (i32.eqz (f64.lt (local.get $v0) (local.get $v)))
                          (then
                            (local.set $v1 (f64.promote_f32 (f32.demote_f64 (local.get $v))))
                            (local.set $i1 (local.get $d)))
                          (else
                            (local.set $v1 (local.get $v0))
                            (local.set $i1 (local.get $i0))
                            (local.set $v0 (f64.promote_f32 (f32.demote_f64 (local.get $v))))
                            (local.set $i0 (local.get $d))))))))))
            (local.set $lane (i32.add (local.get $lane) (i32.const 1)))
            (br_if $lanes
              (i32.and
                (i32.lt_u (local.get $lane) (i32.const 2))
                (i32.lt_u (i32.add (local.get $k) (local.get $lane)) (local.get $nsl)))))
          (local.set $k (i32.add (local.get $k) (i32.const 2)))
          (br_if $gaussians (i32.lt_u (local.get $k) (local.get $nsl))))
        (i32.store (local.get $out) (local.get $i0))
        (i32.store offset=4 (local.get $out) (local.get $i1))
        (i32.store offset=8 (local.get $out) (local.get $i2))
        (i32.store offset=12 (local.get $out) (local.get $i3))
        (f32.store offset=16 (local.get $out) (f32.demote_f64 (local.get $v0)))
        (f32.store offset=20 (local.get $out) (f32.demote_f64 (local.get $v1)))
        (f32.store offset=24 (local.get $out) (f32.demote_f64 (local.get $v2)))
        (f32.store offset=28 (local.get $out) (f32.demote_f64 (local.get $v3)))
        (local.set $out (i32.add (local.get $out) (i32.const 32)))
        (local.set $p (i32.add (local.get $p) (local.get $cbBytes)))
        (local.set $sl (i32.add (local.get $sl) (local.get $nsl)))
        (local.set $cb (i32.add (local.get $cb) (i32.const 1)))
        (br $cbs))))
  ;; The best four of each of n codebooks' dens scores (f32 at s, e.g. score()'s out), as topK
  ;; (senone-scores.ts) keeps them, bit for bit: a score enters if it is not ≤ the list's last,
  ;; shifting past the values < it (ties keep the earlier index first). First a bound: the smallest
  ;; of the four lanes' maxima (four scores are ≥ it, so the fourth best is too); then topK's
  ;; insertion runs on the scores not below the bound, in index order, which gives the same list
  ;; (it holds the four best), four scores compared with the bound at once. A NaN anywhere makes
  ;; the bound −Infinity: then every score goes through the insertion, as in topK.
  ;;
  ;; top4(s, n, dens, out):
  ;;   out   byte offset of n × (4 indices (i32, −1 where fewer), 4 values (f32, −Infinity))
  ;;   dens  a multiple of 8
  (func (export "top4") (param $s i32) (param $n i32) (param $dens i32) (param $out i32)
    (local $cb i32) (local $d i32) (local $end i32) (local $lane i32) (local $g v128)
    (local $at i32) (local $m v128) (local $m2 v128) (local $nan v128) (local $bound f32) (local $bounds v128)
    (local $mask i32)
    (local $v f32) (local $th f32) (local $v0 f32) (local $v1 f32) (local $v2 f32)
    (local $i0 i32) (local $i1 i32) (local $i2 i32) (local $i3 i32)
    (block $cbs_done
      (loop $cbs
        (br_if $cbs_done (i32.ge_u (local.get $cb) (local.get $n)))
        (local.set $v0 (f32.const -inf)) (local.set $v1 (f32.const -inf))
        (local.set $v2 (f32.const -inf)) (local.set $th (f32.const -inf))
        (local.set $i0 (i32.const -1)) (local.set $i1 (i32.const -1))
        (local.set $i2 (i32.const -1)) (local.set $i3 (i32.const -1))
        (local.set $d (i32.const 0))
        (local.set $end (i32.add (local.get $s) (i32.shl (local.get $dens) (i32.const 2))))
        ;; the bound: min over lanes of max over groups (pmax: one instruction, NaN not kept, so
        ;; NaNs are looked for apart), two groups at a time (two chains of pmax)
        (local.set $m (v128.load (local.get $s)))
        (local.set $m2 (v128.load offset=16 (local.get $s)))
        (local.set $nan (v128.or (f32x4.ne (local.get $m) (local.get $m)) (f32x4.ne (local.get $m2) (local.get $m2))))
        (local.set $at (i32.add (local.get $s) (i32.const 32)))
        (block $max_done
          (loop $max
            (br_if $max_done (i32.ge_u (local.get $at) (local.get $end)))
            (local.set $g (v128.load (local.get $at)))
            (local.set $m (f32x4.pmax (local.get $m) (local.get $g)))
            (local.set $nan (v128.or (local.get $nan) (f32x4.ne (local.get $g) (local.get $g))))
            (local.set $g (v128.load offset=16 (local.get $at)))
            (local.set $m2 (f32x4.pmax (local.get $m2) (local.get $g)))
            (local.set $nan (v128.or (local.get $nan) (f32x4.ne (local.get $g) (local.get $g))))
            (local.set $at (i32.add (local.get $at) (i32.const 32)))
            (br $max)))
        (local.set $m (f32x4.pmax (local.get $m) (local.get $m2)))
        (local.set $bound
          (f32.min
            (f32.min (f32x4.extract_lane 0 (local.get $m)) (f32x4.extract_lane 1 (local.get $m)))
            (f32.min (f32x4.extract_lane 2 (local.get $m)) (f32x4.extract_lane 3 (local.get $m)))))
        (if (i32.or (v128.any_true (local.get $nan)) (f32.ne (local.get $bound) (local.get $bound)))
          (then (local.set $bound (f32.const -inf))))
        (local.set $bounds (f32x4.splat (local.get $bound)))
        (loop $groups
          (local.set $g (v128.load (local.get $s)))
          ;; the lanes not below the bound, lowest first
          (local.set $mask (i32x4.bitmask (v128.not (f32x4.lt (local.get $g) (local.get $bounds)))))
          (if (local.get $mask)
            (then
              (loop $lanes
                (local.set $lane (i32.ctz (local.get $mask)))
                (local.set $v (f32.load (i32.add (local.get $s) (i32.shl (local.get $lane) (i32.const 2)))))
                (if (i32.eqz
                      (i32.or
                        (f32.lt (local.get $v) (local.get $bound))
                        (f32.le (local.get $v) (local.get $th))))
                  (then
                    (if (i32.eqz (f32.lt (local.get $v2) (local.get $v)))
                      (then
                        (local.set $th (local.get $v))
                        (local.set $i3 (i32.add (local.get $d) (local.get $lane))))
                      (else
                        (local.set $th (local.get $v2))
                        (local.set $i3 (local.get $i2))
                        (if (i32.eqz (f32.lt (local.get $v1) (local.get $v)))
                          (then
                            (local.set $v2 (local.get $v))
                            (local.set $i2 (i32.add (local.get $d) (local.get $lane))))
                          (else
                            (local.set $v2 (local.get $v1))
                            (local.set $i2 (local.get $i1))
                            (if (i32.eqz (f32.lt (local.get $v0) (local.get $v)))
                              (then
                                (local.set $v1 (local.get $v))
                                (local.set $i1 (i32.add (local.get $d) (local.get $lane))))
                              (else
                                (local.set $v1 (local.get $v0))
                                (local.set $i1 (local.get $i0))
                                (local.set $v0 (local.get $v))
                                (local.set $i0 (i32.add (local.get $d) (local.get $lane)))))))))))
                (local.set $mask (i32.and (local.get $mask) (i32.sub (local.get $mask) (i32.const 1))))
                (br_if $lanes (local.get $mask)))))
          (local.set $s (i32.add (local.get $s) (i32.const 16)))
          (local.set $d (i32.add (local.get $d) (i32.const 4)))
          (br_if $groups (i32.lt_u (local.get $s) (local.get $end))))
        (i32.store (local.get $out) (local.get $i0))
        (i32.store offset=4 (local.get $out) (local.get $i1))
        (i32.store offset=8 (local.get $out) (local.get $i2))
        (i32.store offset=12 (local.get $out) (local.get $i3))
        (f32.store offset=16 (local.get $out) (local.get $v0))
        (f32.store offset=20 (local.get $out) (local.get $v1))
        (f32.store offset=24 (local.get $out) (local.get $v2))
        (f32.store offset=28 (local.get $out) (local.get $th))
        (local.set $out (i32.add (local.get $out) (i32.const 32)))
        (local.set $cb (i32.add (local.get $cb) (i32.const 1)))
        (br $cbs))))

  ;; The natural logarithm, fdlibm's e_log.c (the algorithm of V8's Math.log, base/ieee754.cc), the
  ;; same float64 operations in the same order, so the same bits as Math.log (test/simd-gaussians
  ;; checks millions of values). fdlibm: Copyright (C) 1993 by Sun Microsystems, Inc. All rights
  ;; reserved. Developed at SunSoft, a Sun Microsystems, Inc. business. Permission to use, copy,
  ;; modify, and distribute this software is freely granted, provided that this notice is preserved.
  (func $log (export "log") (param $x f64) (result f64)
    (local $bits i64) (local $hx i32) (local $lx i32) (local $k i32) (local $i i32) (local $j i32)
    (local $f f64) (local $s f64) (local $z f64) (local $w f64) (local $R f64) (local $dk f64)
    (local $hfsq f64) (local $t1 f64) (local $t2 f64)
    (local.set $bits (i64.reinterpret_f64 (local.get $x)))
    (local.set $hx (i32.wrap_i64 (i64.shr_u (local.get $bits) (i64.const 32))))
    (local.set $lx (i32.wrap_i64 (local.get $bits)))
    (if (i32.lt_s (local.get $hx) (i32.const 0x00100000))
      (then
        ;; log(±0) = −Infinity, log(negative) = NaN, subnormals scaled up
        (if (i32.eqz (i32.or (i32.and (local.get $hx) (i32.const 0x7fffffff)) (local.get $lx)))
          (then (return (f64.const -inf))))
        (if (i32.lt_s (local.get $hx) (i32.const 0))
          (then (return (f64.div (f64.sub (local.get $x) (local.get $x)) (f64.const 0)))))
        (local.set $k (i32.const -54))
        (local.set $x (f64.mul (local.get $x) (f64.const 0x1p54)))
        (local.set $bits (i64.reinterpret_f64 (local.get $x)))
        (local.set $hx (i32.wrap_i64 (i64.shr_u (local.get $bits) (i64.const 32))))))
    (if (i32.ge_s (local.get $hx) (i32.const 0x7ff00000))
      (then (return (f64.add (local.get $x) (local.get $x)))))
    (local.set $k (i32.add (local.get $k) (i32.sub (i32.shr_s (local.get $hx) (i32.const 20)) (i32.const 1023))))
    (local.set $hx (i32.and (local.get $hx) (i32.const 0x000fffff)))
    (local.set $i (i32.and (i32.add (local.get $hx) (i32.const 0x95f64)) (i32.const 0x100000)))
    ;; normalise x or x/2: its high word replaced
    (local.set $x
      (f64.reinterpret_i64
        (i64.or
          (i64.shl
            (i64.extend_i32_u (i32.or (local.get $hx) (i32.xor (local.get $i) (i32.const 0x3ff00000))))
            (i64.const 32))
          (i64.and (local.get $bits) (i64.const 0xffffffff)))))
    (local.set $k (i32.add (local.get $k) (i32.shr_s (local.get $i) (i32.const 20))))
    (local.set $f (f64.sub (local.get $x) (f64.const 1)))
    (if (i32.lt_s (i32.and (i32.const 0x000fffff) (i32.add (i32.const 2) (local.get $hx))) (i32.const 3))
      (then
        ;; −2^−20 ≤ f < 2^−20
        (if (f64.eq (local.get $f) (f64.const 0))
          (then
            (if (i32.eqz (local.get $k)) (then (return (f64.const 0))))
            (local.set $dk (f64.convert_i32_s (local.get $k)))
            (return
              (f64.add
                (f64.mul (local.get $dk) (f64.const 6.93147180369123816490e-01))
                (f64.mul (local.get $dk) (f64.const 1.90821492927058770002e-10))))))
        (local.set $R
          (f64.mul
            (f64.mul (local.get $f) (local.get $f))
            (f64.sub (f64.const 0.5) (f64.mul (f64.const 0.33333333333333333) (local.get $f)))))
        (if (i32.eqz (local.get $k)) (then (return (f64.sub (local.get $f) (local.get $R)))))
        (local.set $dk (f64.convert_i32_s (local.get $k)))
        (return
          (f64.sub
            (f64.mul (local.get $dk) (f64.const 6.93147180369123816490e-01))
            (f64.sub
              (f64.sub (local.get $R) (f64.mul (local.get $dk) (f64.const 1.90821492927058770002e-10)))
              (local.get $f))))))
    (local.set $s (f64.div (local.get $f) (f64.add (f64.const 2) (local.get $f))))
    (local.set $dk (f64.convert_i32_s (local.get $k)))
    (local.set $z (f64.mul (local.get $s) (local.get $s)))
    (local.set $i (i32.sub (local.get $hx) (i32.const 0x6147a)))
    (local.set $w (f64.mul (local.get $z) (local.get $z)))
    (local.set $j (i32.sub (i32.const 0x6b851) (local.get $hx)))
    (local.set $t1
      (f64.mul
        (local.get $w)
        (f64.add
          (f64.const 3.999999999940941908e-01)
          (f64.mul
            (local.get $w)
            (f64.add
              (f64.const 2.222219843214978396e-01)
              (f64.mul (local.get $w) (f64.const 1.531383769920937332e-01)))))))
    (local.set $t2
      (f64.mul
        (local.get $z)
        (f64.add
          (f64.const 6.666666666666735130e-01)
          (f64.mul
            (local.get $w)
            (f64.add
              (f64.const 2.857142874366239149e-01)
              (f64.mul
                (local.get $w)
                (f64.add
                  (f64.const 1.818357216161805012e-01)
                  (f64.mul (local.get $w) (f64.const 1.479819860511658591e-01)))))))))
    (local.set $i (i32.or (local.get $i) (local.get $j)))
    (local.set $R (f64.add (local.get $t2) (local.get $t1)))
    (if (i32.gt_s (local.get $i) (i32.const 0))
      (then
        (local.set $hfsq (f64.mul (f64.mul (f64.const 0.5) (local.get $f)) (local.get $f)))
        (if (i32.eqz (local.get $k))
          (then
            (return
              (f64.sub
                (local.get $f)
                (f64.sub
                  (local.get $hfsq)
                  (f64.mul (local.get $s) (f64.add (local.get $hfsq) (local.get $R))))))))
        (return
          (f64.sub
            (f64.mul (local.get $dk) (f64.const 6.93147180369123816490e-01))
            (f64.sub
              (f64.sub
                (local.get $hfsq)
                (f64.add
                  (f64.mul (local.get $s) (f64.add (local.get $hfsq) (local.get $R)))
                  (f64.mul (local.get $dk) (f64.const 1.90821492927058770002e-10))))
              (local.get $f))))))
    (if (i32.eqz (local.get $k))
      (then
        (return
          (f64.sub
            (local.get $f)
            (f64.mul (local.get $s) (f64.sub (local.get $f) (local.get $R)))))))
    (f64.sub
      (f64.mul (local.get $dk) (f64.const 6.93147180369123816490e-01))
      (f64.sub
        (f64.sub
          (f64.mul (local.get $s) (f64.sub (local.get $f) (local.get $R)))
          (f64.mul (local.get $dk) (f64.const 1.90821492927058770002e-10)))
        (local.get $f))))

  ;; One stream's top four of each codebook mixed into one frame's senone scores, as
  ;; IncrementalScorer.mix does for one stream (the same operations in the same order):
  ;; score += (0 + best) + log(q(w0) + q(w1)·rel1 + q(w2)·rel2 + q(w3)·rel3), summed left to right,
  ;; q the linear weight of a quantised weight byte, stored as f32.
  ;;
  ;; mix1(top, rel, w, cols, cbStart, n, qlin, dens, row):
  ;;   top      n × (4 indices (i32, none −1), 4 values (f32)), as shortlisted() / top4() write
  ;;   rel      n × 4 f64: [1 … 3] the others' densities relative to the best, exp(v_n − v_0)
  ;;   w        the senones' weight bytes of the stream, dens each, grouped by codebook
  ;;   cols     the senones' columns in the row (i32), in that order
  ;;   cbStart  n + 1 i32: codebook cb's senones are w / cols [cbStart[cb] … cbStart[cb + 1])
  ;;   qlin     256 f64: quantised weight → linear weight
  ;;   row      the frame's scores (f32), updated
  (func (export "mix1")
    (param $top i32) (param $rel i32) (param $w i32) (param $cols i32) (param $cbStart i32)
    (param $n i32) (param $qlin i32) (param $dens i32) (param $row i32)
    (local $cb i32) (local $i i32) (local $to i32) (local $wi i32) (local $at i32)
    (local $a0 i32) (local $a1 i32) (local $a2 i32) (local $a3 i32)
    (local $ar1 f64) (local $ar2 f64) (local $ar3 f64) (local $av f64) (local $sum f64)
    (block $cbs_done
      (loop $cbs
        (br_if $cbs_done (i32.ge_u (local.get $cb) (local.get $n)))
        (local.set $i (i32.load (local.get $cbStart)))
        (local.set $to (i32.load offset=4 (local.get $cbStart)))
        (if (i32.lt_u (local.get $i) (local.get $to))
          (then
            (local.set $a0 (i32.load (local.get $top)))
            (local.set $a1 (i32.load offset=4 (local.get $top)))
            (local.set $a2 (i32.load offset=8 (local.get $top)))
            (local.set $a3 (i32.load offset=12 (local.get $top)))
            (local.set $av (f64.add (f64.const 0) (f64.promote_f32 (f32.load offset=16 (local.get $top)))))
            (local.set $ar1 (f64.load offset=8 (local.get $rel)))
            (local.set $ar2 (f64.load offset=16 (local.get $rel)))
            (local.set $ar3 (f64.load offset=24 (local.get $rel)))
            (local.set $wi (i32.add (local.get $w) (i32.mul (local.get $i) (local.get $dens))))
            (loop $senones
              (local.set $sum
                (f64.load (i32.add (local.get $qlin)
                  (i32.shl (i32.load8_u (i32.add (local.get $wi) (local.get $a0))) (i32.const 3)))))
              (local.set $sum
                (f64.add (local.get $sum)
                  (f64.mul
                    (f64.load (i32.add (local.get $qlin)
                      (i32.shl (i32.load8_u (i32.add (local.get $wi) (local.get $a1))) (i32.const 3))))
                    (local.get $ar1))))
              (local.set $sum
                (f64.add (local.get $sum)
                  (f64.mul
                    (f64.load (i32.add (local.get $qlin)
                      (i32.shl (i32.load8_u (i32.add (local.get $wi) (local.get $a2))) (i32.const 3))))
                    (local.get $ar2))))
              (local.set $sum
                (f64.add (local.get $sum)
                  (f64.mul
                    (f64.load (i32.add (local.get $qlin)
                      (i32.shl (i32.load8_u (i32.add (local.get $wi) (local.get $a3))) (i32.const 3))))
                    (local.get $ar3))))
              (local.set $at
                (i32.add (local.get $row)
                  (i32.shl (i32.load (i32.add (local.get $cols) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 2))))
              (f32.store (local.get $at)
                (f32.demote_f64
                  (f64.add
                    (f64.add (f64.promote_f32 (f32.load (local.get $at))) (local.get $av))
                    (call $log (local.get $sum)))))
              (local.set $wi (i32.add (local.get $wi) (local.get $dens)))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (br_if $senones (i32.lt_u (local.get $i) (local.get $to))))))
        (local.set $top (i32.add (local.get $top) (i32.const 32)))
        (local.set $rel (i32.add (local.get $rel) (i32.const 32)))
        (local.set $cbStart (i32.add (local.get $cbStart) (i32.const 4)))
        (local.set $cb (i32.add (local.get $cb) (i32.const 1)))
        (br $cbs)))))
