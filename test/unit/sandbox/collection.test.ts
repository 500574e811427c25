import { describe, expect, it } from 'vitest'
import { Collection } from '../../../src/sandbox/collection'

interface Item {
  id: number
  mt: number
  name: string
}

function make(): Collection<Item> {
  const c = new Collection<Item>((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
  c.addAll([
    { id: 5, mt: 100, name: 'e' },
    { id: 1, mt: 300, name: 'a' },
    { id: 3, mt: 200, name: 'c' },
    { id: 2, mt: 200, name: 'b' },
    { id: 4, mt: 200, name: 'd' }
  ])
  return c
}

const ids = (items: Item[]): number[] => items.map((i) => i.id)

describe('Collection', () => {
  it('orders by (mt, id) for tsOrder asc; desc keeps ascending ids within one instant', () => {
    const c = make()
    expect(ids(c.query({ page: 0, size: 10, tsOrder: 'asc' }).items)).toEqual([5, 2, 3, 4, 1])
    expect(ids(c.query({ page: 0, size: 10, tsOrder: 'desc' }).items)).toEqual([1, 2, 3, 4, 5])
  })

  it('uses the default ordering when tsOrder is unset', () => {
    expect(ids(make().query({ page: 0, size: 10 }).items)).toEqual([1, 2, 3, 4, 5].sort((a, b) => 'xabcde'[a].localeCompare('xabcde'[b])))
  })

  it('ts keeps only elements strictly after it and counts them in total', () => {
    const c = make()
    const page = c.query({ page: 0, size: 2, ts: 200, tsOrder: 'asc' })
    expect(ids(page.items)).toEqual([1])
    expect(page.total).toBe(1)
    const cluster = c.query({ page: 1, size: 2, ts: 199, tsOrder: 'asc' })
    expect(ids(cluster.items)).toEqual([4, 1])
    expect(cluster.total).toBe(4)
    expect(c.query({ page: 0, size: 10, ts: 199 }).total).toBe(4)
  })

  it('applies a predicate before paging and counts matches', () => {
    const page = make().query({ page: 1, size: 1, tsOrder: 'asc', where: (i) => i.id % 2 === 1 })
    expect(ids(page.items)).toEqual([3])
    expect(page.total).toBe(3)
  })

  it('update moves an element to its new modification time; add inserts in order', () => {
    const c = make()
    c.update(5, (i) => {
      i.mt = 400
      i.name = 'z'
    })
    expect(ids(c.query({ page: 0, size: 10, tsOrder: 'asc' }).items)).toEqual([2, 3, 4, 1, 5])
    expect(ids(c.query({ page: 0, size: 10 }).items)).toEqual([1, 2, 3, 4, 5])
    c.add({ id: 6, mt: 250, name: 'f' })
    expect(ids(c.query({ page: 0, size: 10, tsOrder: 'asc' }).items)).toEqual([2, 3, 4, 6, 1, 5])
    expect(() => c.update(99, () => undefined)).toThrow(/99/)
  })
})
