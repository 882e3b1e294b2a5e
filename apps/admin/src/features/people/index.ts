/** People (players, staff members): their pages and their places in squads. */
export { BirthDate, Nationalities, PersonEdit, PersonPage, PersonProfile, PersonShow, PersonSquads, STACK, type PersonPageProps } from './person-page';
export { MemberNameCell, MemberSelect, MembersTable, MembersToolbar, NationalityAndAgeCells, RemoveMemberCell } from './squad-member-table';
export { AddPersonDialog, attributeOf, onlyWhen, useAddedPerson } from './add-person-dialog';
