import { Button, getTreeExpandedState, Group, Stack, Text, Title, Tree, useTree, type TreeNodeData } from '@mantine/core'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrganizationLicenceHolders, OrganizationNode } from '../../../shared/ipc/contract'
import { call } from '../api'
import { NoticeAlert, useNotice } from '../components/Notice'
import { TableActions } from '../components/TableActions'
import { useLoad } from '../components/useLoad'
import { organizationTypeName } from '../i18n'
import { useAppStore } from '../stores/app'

/** Builds the tree federation → areas → clubs from parent links; organizations whose parent is not stored become roots. */
export function toTree(organizations: OrganizationNode[]): TreeNodeData[] {
  const nodes = new Map<number, TreeNodeData & { children: TreeNodeData[] }>()
  for (const org of organizations) nodes.set(org.id, { value: String(org.id), label: org.name, children: [] })
  const roots: TreeNodeData[] = []
  for (const org of organizations) {
    const node = nodes.get(org.id)!
    const parent = org.parentId === null ? undefined : nodes.get(org.parentId)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

/**
 * Organizations as a tree (spec v2 §2.2 `parentId`), the roots expanded, each with its licence
 * holders of the current licence period (`OrganizationLicenceHolders`). Exports as a table of
 * every organization of the tree, with its type, parent and licence holders; prints the tree as
 * expanded.
 */
export function Organizations() {
  const { t } = useTranslation()
  const dataVersion = useAppStore((s) => s.dataVersion)
  const [organizations, setOrganizations] = useState<OrganizationNode[]>([])
  const [holders, setHolders] = useState<OrganizationLicenceHolders>({ licencePeriod: null, holders: [] })
  const { notice, clear, fail, loadFailed, loaded, saved } = useNotice()
  useLoad(
    () => Promise.all([call('getOrganizations'), call('getOrganizationLicenceHolders')]),
    [dataVersion],
    ([tree, counted]) => {
      setOrganizations(tree)
      setHolders(counted)
      loaded()
    },
    loadFailed
  )
  const data = useMemo(() => toTree(organizations), [organizations])
  const types = useMemo(() => new Map(organizations.map((o) => [String(o.id), organizationTypeName(t, o.type)])), [organizations, t])
  const byId = useMemo(() => new Map(organizations.map((o) => [String(o.id), o])), [organizations])
  const holdersOf = useMemo(() => new Map(holders.holders.map((h) => [String(h.organizationId), h.members])), [holders])
  const period = holders.licencePeriod?.name

  const exportAs = (format: 'csv' | 'xlsx') => {
    clear()
    const names = new Map(organizations.map((o) => [o.id, o.name]))
    const rows = organizations.map((o) => ({
      name: o.name,
      type: types.get(String(o.id)) ?? '',
      parent: o.parentId === null ? null : (names.get(o.parentId) ?? null),
      holders: holdersOf.get(String(o.id)) ?? 0
    }))
    const columns = [
      { key: 'name', label: t('organizations.name') },
      { key: 'type', label: t('organizations.type') },
      { key: 'parent', label: t('organizations.parent') },
      ...(period === undefined ? [] : [{ key: 'holders', label: t('organizations.holdersColumn', { period }) }])
    ]
    return call('exportTable', { table: 'organizations', format, columns, rows })
      .then(saved)
      .catch(fail)
  }

  return (
    <Stack p="md">
      <Group justify="space-between">
        <Title order={1} size="h2">{t('organizations.heading')}</Title>
        <TableActions label={t('organizations.heading')} testId="organizations" disabled={organizations.length === 0} onExport={exportAs} />
      </Group>
      <NoticeAlert notice={notice} onClose={clear} testId="organizations-message" />
      {period !== undefined && (
        <Text size="sm" c="dimmed" data-testid="organizations-holders-period">
          {t('organizations.holdersOf', { period })}
        </Text>
      )}
      <OrganizationTree key={organizations.length} data={data} organizations={byId} holders={holdersOf} />
    </Stack>
  )
}

/**
 * The tree itself, remounted per loaded data so its roots start expanded. A passive organization
 * (spec v2 §2.2 `status`) says so, an organization with licence holders (by id in `holders`) their
 * number; a club or an area offers its members: the member list filtered by it.
 */
function OrganizationTree({ data, organizations, holders }: { data: TreeNodeData[]; organizations: Map<string, OrganizationNode>; holders: Map<string, number> }) {
  const { t } = useTranslation()
  const showMembers = useAppStore((s) => s.showMembers)
  const tree = useTree({ initialExpandedState: getTreeExpandedState(data, data.map((root) => root.value)) })
  return (
    <Tree
      data={data}
      tree={tree}
      data-testid="organization-tree"
      renderNode={({ node, expanded, hasChildren, elementProps }) => {
        const organization = organizations.get(node.value)!
        return (
          <div {...elementProps} data-testid={`organization-${node.value}`}>
            <Text span>
              <span aria-hidden="true">{hasChildren ? (expanded ? '▾ ' : '▸ ') : '  '}</span>
              {node.label}
            </Text>{' '}
            <Text span c="dimmed" size="xs">
              {organizationTypeName(t, organization.type)}
              {organization.status === 'PASSIVE' && ` · ${t('organizations.passive')}`}
            </Text>
            {holders.has(node.value) && (
              <Text span c="dimmed" size="xs" data-testid="organization-holders">
                {` · ${t('organizations.holders', { count: holders.get(node.value) })}`}
              </Text>
            )}
            {(organization.type === 'CLUB' || organization.type === 'AREA') && (
              <Button
                size="compact-xs"
                variant="subtle"
                ml="xs"
                aria-label={t(organization.type === 'CLUB' ? 'organizations.membersOf' : 'organizations.areaMembersOf', { name: organization.name })}
                // The tree's own click expands and collapses; this one opens the list.
                onClick={(event) => {
                  event.stopPropagation()
                  showMembers(organization.type === 'CLUB' ? { clubId: organization.id } : { areaId: organization.id })
                }}
                data-testid="organization-members"
              >
                {t('organizations.members')}
              </Button>
            )}
          </div>
        )
      }}
    />
  )
}
