"""mAP by hand: match by IoU, precision-recall per class, AP three ways, then mean."""

import torch


def box_iou(a, b):
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(dim=-1)
    area_a = (a[:, 2:] - a[:, :2]).prod(dim=-1)
    area_b = (b[:, 2:] - b[:, :2]).prod(dim=-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter)


def pr_curve(dets, gts, thr, voc=False):
    """dets: [(image, box, score)]; gts: {image: (G, 4)}. Greedy, best score first."""
    dets = sorted(dets, key=lambda d: -d[2])
    taken = {img: torch.zeros(len(g), dtype=torch.bool) for img, g in gts.items()}
    tp = []
    for img, box, _ in dets:
        iou = box_iou(torch.tensor([box]), gts[img])[0]
        if not voc:  # COCO: the best of the ground truths still free
            iou[taken[img]] = -1  # a ground truth is matched once: a duplicate is an FP
        best = iou.argmax()  # VOC: the best overall; an FP if it is already taken
        tp.append(bool(iou[best] >= thr and not taken[img][best]))
        if tp[-1]:
            taken[img][best] = True
    tp = torch.tensor(tp, dtype=torch.float64)
    n_gt = sum(len(g) for g in gts.values())
    rec = tp.cumsum(0) / n_gt
    prec = tp.cumsum(0) / torch.arange(1, len(tp) + 1)
    return rec, prec


def envelope(prec):  # precision made non-increasing: max over all higher recalls
    return prec.flip(0).cummax(0).values.flip(0)


def ap_voc07(rec, prec):  # 11 recall points 0, 0.1, ..., 1
    pts = [prec[rec >= t / 10].max() if (rec >= t / 10).any() else 0 for t in range(11)]
    return float(sum(pts) / 11)


def ap_voc12(rec, prec):  # area under the envelope, every recall step
    r = torch.cat([torch.zeros(1, dtype=rec.dtype), rec])
    return float(((r[1:] - r[:-1]) * envelope(prec)).sum())


def ap_coco(rec, prec):  # 101 recall points, envelope read where recall >= r
    idx = torch.searchsorted(rec, torch.linspace(0, 1, 101, dtype=rec.dtype))
    env = torch.cat([envelope(prec), torch.zeros(1, dtype=prec.dtype)])
    return float(env[idx].mean())  # past the last recall: precision 0


person_gt = {
    0: torch.tensor([[0.0, 0, 10, 10], [20, 20, 30, 30]]),  # two people in image 0
    1: torch.tensor([[0.0, 0, 10, 10]]),  # one in image 1
}
person = [
    (0, [0.0, 0, 10, 10], 0.95),  # IoU 1.00 with the first person
    (0, [1.0, 1, 11, 11], 0.90),  # IoU 0.68 with the same person: a duplicate
    (1, [0.0, 0, 10, 8.2], 0.80),  # IoU 0.82
    (0, [50.0, 50, 60, 60], 0.70),  # on nothing
    (0, [20.0, 20, 30, 27.3], 0.60),  # IoU 0.73
]
rec, prec = pr_curve(person, person_gt, 0.5)
print(rec.numpy().round(3), prec.numpy().round(3))
# > [0.333 0.333 0.667 0.667 1.   ] [1.    0.5   0.667 0.5   0.6  ]
aps = ap_voc07(rec, prec), ap_voc12(rec, prec), ap_coco(rec, prec)
print([round(a, 4) for a in aps])  # VOC2007 11-point, VOC2010+ all points, COCO
# > [0.7636, 0.7556, 0.7564]

# COCO's AP averages AP over IoU thresholds 0.50, 0.55, ..., 0.95
thresholds = torch.linspace(0.5, 0.95, 10).tolist()
ap_person = [ap_coco(*pr_curve(person, person_gt, t)) for t in thresholds]
print([round(a, 3) for a in ap_person])
# > [0.756, 0.756, 0.756, 0.756, 0.756, 0.554, 0.554, 0.337, 0.337, 0.337]

# A second class, one dog found with a loose box (IoU 0.64): AP 1 up to 0.60, then 0
dog_gt = {0: torch.zeros(0, 4), 1: torch.tensor([[0.0, 0, 10, 10]])}
dog = [(1, [0.0, 0, 10, 6.4], 0.30)]
ap_dog = [ap_coco(*pr_curve(dog, dog_gt, t)) for t in thresholds]
print(ap_dog)
# > [1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
# mAP: AP per class, then the mean over classes
print(round((ap_person[0] + ap_dog[0]) / 2, 4))  # mAP@0.5 (VOC style, 101 points)
# > 0.8782
print(round((sum(ap_person) + sum(ap_dog)) / 20, 4))  # COCO "AP", mAP@[.5:.95]
# > 0.445

# VOC and COCO match differently: the second box overlaps the taken person (IoU 0.82)
# and the free one beside it (IoU 0.54); COCO gives it the free one, VOC calls it an FP
pair_gt = {0: torch.tensor([[0.0, 0, 10, 10], [4, 0, 14, 10]])}
pair = [(0, [0.0, 0, 10, 10], 0.9), (0, [1.0, 0, 11, 10], 0.8)]
print([round(ap_coco(*pr_curve(pair, pair_gt, 0.5, voc=v)), 3) for v in (False, True)])
# > [1.0, 0.505]
