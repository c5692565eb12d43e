// SPDX-License-Identifier: AGPL-3.0-only
pragma solidity ^0.8.20;

interface IDropToken {
    function transfer(address to, uint256 amount) external returns (bool);
}

/// @notice A promoter's "holder rewards" campaign: sends a token it was funded with (PLSX) to a list
/// of wallets. It looks like a printer payout - the reward token arrives from a contract, which even
/// has a rewardToken() getter and emits a Claim event with a dividend tracker's signature - but no
/// token names it as its distributor() or dividendTracker(): what it sends is an airdrop, not income.
contract RewardDrop {
    address public immutable owner;
    address public immutable rewardToken;

    event Claim(address indexed account, uint256 amount, bool indexed automatic);

    constructor(address rewardToken_) {
        owner = msg.sender;
        rewardToken = rewardToken_;
    }

    function drop(address[] calldata recipients, uint256 amount) external {
        require(msg.sender == owner, "RewardDrop: owner");
        for (uint256 i = 0; i < recipients.length; i++) {
            require(IDropToken(rewardToken).transfer(recipients[i], amount), "RewardDrop: transfer");
            emit Claim(recipients[i], amount, true);
        }
    }
}
